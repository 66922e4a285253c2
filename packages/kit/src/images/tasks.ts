import {
  checkFraction,
  checkPositive,
  createError,
  type FeedgateError,
  invalidArgument,
  isFeedgateError,
  isTransientError,
  realSleep,
  type Sleep,
  serverWaitMs,
  withJitter,
} from "@feedgate/core";
import {
  type GatewayClient,
  type ImageRequest,
  type ImageResult,
  type ImageTask,
  isImageTask,
} from "@feedgate/gateway-client";
import { abortedError, errorOfThrown } from "../internal/errors.js";
import { POLL_FLOOR_MS } from "../internal/floor.js";
import { waitLoop } from "../internal/loop.js";
import { anySignal } from "../internal/wait.js";
import { taskState } from "./status.js";

/** One generated image: a download URL or base64 data (empty strings from the gateway are dropped). */
export interface GeneratedImage {
  /** Where to download the image, when the gateway gave a URL. */
  url?: string;
  /** The image as base64 data, when the gateway sent it inline. */
  b64_json?: string;
  /** The prompt as the model rewrote it, when it did. */
  revised_prompt?: string;
}

/** What a finished generation gives back. */
export interface ImageGeneration {
  /** The task id (`task_id`, else `id`); undefined when a synchronous call answered with the images. */
  taskId: string | undefined;
  /** The final status as the gateway spelled it (`completed`, `succeeded`, ...); `completed` for a synchronous result. */
  status: string;
  /** The generated images: at most the `n` asked for, else {@link MAX_IMAGES_PER_ANSWER}. */
  images: GeneratedImage[];
  /** Status requests sent while waiting. */
  polls: number;
}

/** Options of waiting for an image task: polling interval, jitter, deadline and test hooks. */
export interface ImageTaskOptions {
  /** Stops waiting (and any request in flight); the promise rejects with kind `aborted`. Default: none. */
  signal?: AbortSignal;
  /** Wait between status requests, clamped to 5 000–10 000 ms as the gateway asks. Default: 5 000 ms. */
  intervalMs?: number;
  /** Random extra wait as a fraction of the interval (0–1; core's `withJitter`): it only lengthens it, and never past 10 s. Default: 0.1. */
  jitter?: number;
  /** Overall limit from the call until a terminal status; then it rejects with kind `timeout`. Default: 300 000 ms. */
  deadlineMs?: number;
  /** Called with every task state received (submission answer included). Default: none. */
  onPoll?: (task: ImageTask, polls: number) => void;
  /** Injectable wait, for tests. Default: a timer cancelled by the signal. */
  sleep?: Sleep;
  /** Injectable clock (epoch ms), for tests. Default: `Date.now`. */
  now?: () => number;
  /** Injectable randomness in [0, 1), for jitter. Default: `Math.random`. */
  random?: () => number;
}

/** Options of `generateImage`: how to send ({@link GenerateImageOptions.mode}) plus those of waiting ({@link ImageTaskOptions}). */
export interface GenerateImageOptions extends ImageTaskOptions {
  /**
   * `async`: submit with `?async=true`, then poll (recommended: nothing is billed twice and no
   * connection is held for minutes); a channel without an async endpoint (a relayed 404/405,
   * nothing billed) gets one synchronous call instead. `sync`: one blocking call; a task in its
   * answer is the upstream's, which this gateway cannot poll (an error naming it). Default: `"async"`.
   */
  mode?: "async" | "sync";
}

/** The part of a gateway client this module uses (so a test double can stand in). */
export type ImageGateway = {
  /** The client's image calls: `submit`, `generate` and `getTask`. */
  images: Pick<GatewayClient["images"], "submit" | "generate" | "getTask">;
};

/** Images taken from one answer when the request gave no `n`. */
export const MAX_IMAGES_PER_ANSWER = 16;
const MIN_INTERVAL_MS = 5_000;
const MAX_INTERVAL_MS = 10_000;
// No two status requests are ever closer than the kit's POLL_FLOOR_MS, whatever an option, a
// Retry-After or the time left before the deadline say: when less than that is left, the wait
// ends in `timeout` instead of one last hurried poll.

/**
 * Creates an image and waits for it: `POST /v1/images/generations?async=true`, then
 * `GET /v1/images/generations/{task_id}` (at once, then every 5–10 s) until a terminal status.
 * Resolves with the images; rejects with a FeedgateError of kind `task_failed` (the task's error
 * as code and message), `invalid_response` (code `no_images`: the task ended without an image;
 * `upstream_task`: a synchronous answer named a task), `not_found` (`task_not_exist`, never
 * retried), `timeout` or `aborted`. The submission itself is never repeated here: a second
 * submission is a second bill.
 */
export function generateImage(
  gateway: ImageGateway,
  params: ImageRequest,
  options: GenerateImageOptions = {},
): Promise<ImageGeneration> {
  const n = typeof params.n === "number" ? params.n : MAX_IMAGES_PER_ANSWER;
  return withRun(options, n, async (run) => {
    const { images } = gateway;
    const signal = { signal: run.signal };
    let answer: ImageResult | ImageTask;
    let sync = options.mode === "sync";
    try {
      if (sync) answer = await images.generate(params, signal);
      else {
        // A gateway that ignores async=true (stock new-api) answers the finished images: that
        // call was billed, so they are the result — never a reason to submit again.
        const submission = await images.submit(params, signal).catch(async (error: unknown) => {
          if (!isFeedgateError(error, "unsupported") || error.code !== "async_unsupported")
            throw error;
          sync = true;
          return { kind: "completed", result: await images.generate(params, signal) } as const;
        });
        answer = submission.kind === "task" ? submission.task : submission.result;
      }
    } catch (error) {
      throw run.errorOf(error, "createImage");
    }
    if (!isImageTask(answer)) return finished(undefined, "completed", answer.data, 0, n);
    // The gateway keeps no record of a task a synchronous answer names: polling it is task_not_exist.
    if (sync)
      throw badTask(
        `the synchronous answer is the upstream's task ${taskIdOf(answer)}, which this gateway cannot poll; the call may have been billed`,
        "upstream_task",
        taskIdOf(answer),
      );
    return pollTask(gateway, taskIdOf(answer), answer, run);
  });
}

/**
 * Waits for an image task created earlier (its id, or the task object a submission answered).
 * Same rules and options as {@link generateImage}.
 */
export function waitForImageTask(
  gateway: ImageGateway,
  task: string | ImageTask,
  options: ImageTaskOptions = {},
): Promise<ImageGeneration> {
  return withRun(options, MAX_IMAGES_PER_ANSWER, (run) => {
    if (typeof task === "string" && task.trim() === "")
      throw invalidArgument("task", "a non-empty task id");
    const [id, known] = typeof task === "string" ? [task, undefined] : [taskIdOf(task), task];
    return pollTask(gateway, id, known, run);
  });
}

interface Run {
  signal: AbortSignal;
  options: ImageTaskOptions;
  /** Images taken at most: the `n` asked for, else {@link MAX_IMAGES_PER_ANSWER}. */
  n: number;
  /** The task once submitted: every later failure carries it. */
  taskId?: string;
  started: number;
  deadlineMs: number;
  now: () => number;
  /** What a thrown value means for this run: aborted, past the deadline, or the call's own FeedgateError. */
  errorOf(error: unknown, operation: string): unknown;
}

/** Runs `work` under the options' deadline and signal; a failure after the submission carries the task id. */
async function withRun(
  options: ImageTaskOptions,
  n: number,
  work: (run: Run) => Promise<ImageGeneration>,
): Promise<ImageGeneration> {
  checkPositive("deadlineMs", options.deadlineMs);
  checkPositive("intervalMs", options.intervalMs);
  checkFraction("jitter", options.jitter);
  const deadlineMs = options.deadlineMs ?? 300_000;
  const now = options.now ?? Date.now;
  // The deadline also cuts a request in flight (a real timer: an injected clock cannot fire one).
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), deadlineMs);
  const run: Run = {
    signal: anySignal([options.signal, deadline.signal]) as AbortSignal,
    options,
    n,
    started: now(),
    deadlineMs,
    now,
    errorOf(error, operation) {
      if (options.signal?.aborted) return abortedError(options.signal, operation);
      if (deadline.signal.aborted) return timeoutError(deadlineMs);
      return isFeedgateError(error) ? error : errorOfThrown(error, undefined, operation);
    },
  };
  try {
    return await work(run);
  } catch (error) {
    throw run.taskId === undefined ? error : withTaskId(error, run.taskId);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls until a terminal status, on the kit's one wait-and-retry loop; a failure carries the task
 * id (`withRun`). `known` is the task state already in hand (a submission's answer), or undefined when only
 * the id is known. The first poll is immediate unless `known` is running: a submission's status
 * is the upstream's, and only a poll brings the images or the reason of a failure.
 */
async function pollTask(
  gateway: ImageGateway,
  id: string,
  known: ImageTask | undefined,
  run: Run,
): Promise<ImageGeneration> {
  const { options } = run;
  run.taskId = id;
  const interval = Math.min(
    MAX_INTERVAL_MS,
    Math.max(MIN_INTERVAL_MS, options.intervalMs ?? MIN_INTERVAL_MS),
  );
  const jitter = options.jitter ?? 0.1;
  const random = options.random ?? Math.random;
  // Bounded even if an injected clock never moves: one poll per interval until the deadline, plus the last one.
  const maxPolls = Math.ceil(run.deadlineMs / interval) + 2;
  let task = known;
  let polls = 0;
  if (task !== undefined) options.onPoll?.(task, polls);
  /** The wait before the next poll, at least `askedMs` (the gateway's Retry-After); `timeout` when the deadline leaves none. */
  const nextWait = (askedMs: number): number => {
    const elapsed = run.now() - run.started;
    if (elapsed >= run.deadlineMs || polls >= maxPolls) throw timeoutError(run.deadlineMs);
    // Jitter only lengthens the wait, and never past the gateway's 10 s upper advice.
    const waitMs = Math.max(
      askedMs,
      Math.min(
        MAX_INTERVAL_MS,
        Math.max(interval, Math.ceil(withJitter(interval, jitter, random))),
      ),
    );
    const left = run.deadlineMs - elapsed;
    if (askedMs >= left || left < POLL_FLOOR_MS) throw timeoutError(run.deadlineMs);
    return Math.min(waitMs, left);
  };
  const rounds = waitLoop<{ done: ImageGeneration } | { failed: FeedgateError }>(
    {
      signal: run.signal,
      sleep: options.sleep ?? realSleep,
      floorMs: POLL_FLOOR_MS,
      retryAfter: "longer",
      // A poll that hit a busy or flaky gateway is repeated after the next interval, or after
      // the wait the gateway asked for when the transport passed it on (a Retry-After beyond the
      // transport's ceiling): polling has a deadline of its own to spend. An unknown task, a
      // refused key or an abort is final.
      failureWaitMs(error) {
        const failed = run.errorOf(error, "getImageTask");
        if (!isTransientError(failed) && !isFeedgateError(failed, "retry_too_long")) throw failed;
        return nextWait(serverWaitMs(failed) ?? 0);
      },
    },
    async (round) => {
      if (round > 1 || task === undefined || taskState(task.status) !== "running") {
        polls++;
        task = await gateway.images.getTask(id, { signal: run.signal });
        options.onPoll?.(task, polls);
      }
      const state = taskState(task.status);
      if (state === "succeeded")
        return { value: { done: finished(id, task.status, task.data, polls, run.n) }, waitMs: 0 };
      if (state === "failed") return { value: { failed: taskFailed(id, task) }, waitMs: 0 };
      return { waitMs: nextWait(0) };
    },
  );
  for await (const end of rounds) {
    if ("failed" in end) throw end.failed;
    return end.done;
  }
  // The loop ends without a terminal status only when the caller's signal or the deadline fired.
  throw run.errorOf(run.signal.reason, "getImageTask");
}

/**
 * A failure after the task was submitted (billed) carries its id (`taskId`), so the work is never
 * lost: a timeout or an abort says how to resume (`waitForImageTask` with the id; after a 403,
 * with a client whose key belongs to the same user and may poll, as the gateway client's message says).
 */
function withTaskId(error: unknown, taskId: string): unknown {
  if (!isFeedgateError(error) || error.taskId !== undefined) return error;
  const resume =
    error.kind === "timeout" || error.kind === "aborted"
      ? ` (task ${taskId} may still finish: resume with waitForImageTask(gateway, "${taskId}"))`
      : "";
  return createError({
    ...error.toJSON(),
    message: error.message + resume,
    taskId,
    cause: error.cause,
  });
}

function timeoutError(deadlineMs: number): FeedgateError {
  return createError({
    kind: "timeout",
    code: "deadline",
    message: `image task not finished within ${deadlineMs} ms`,
  });
}

function taskIdOf(task: ImageTask): string {
  const t = task as { task_id?: unknown; id?: unknown };
  const id = [t.task_id, t.id].find((v) => typeof v === "string" && v !== "");
  if (typeof id !== "string") throw badTask("a task without task_id or id");
  return id;
}

function taskFailed(id: string, task: ImageTask): FeedgateError {
  const { error } = task;
  const object = typeof error === "object" && error !== null ? error : undefined;
  const code = object?.code === undefined ? "task_failed" : String(object.code);
  // `error` and `message` may each be a string or an object: an object's detail as bounded JSON.
  const reason = [object ? (object.message ?? object) : error, task.message].find(
    (v) => v !== undefined && v !== null && v !== "",
  );
  const detail =
    typeof reason === "string"
      ? reason
      : (JSON.stringify(reason)?.slice(0, 1000) ?? "no reason given");
  return createError({
    kind: "task_failed",
    code,
    message: `image task ${id} ended ${task.status}: ${detail}`,
    envelope: { kind: "task", code, message: detail },
  });
}

/**
 * A finished generation's images (empty strings dropped), at most `n`; or (`no_images`) an error:
 * a task that ended with no image was still billed.
 */
function finished(
  taskId: string | undefined,
  status: string,
  data: ReadonlyArray<{ url?: string; b64_json?: string; revised_prompt?: string }> | undefined,
  polls: number,
  n: number,
): ImageGeneration {
  const images: GeneratedImage[] = [];
  for (const d of (data ?? []).slice(0, n)) {
    const image: GeneratedImage = {};
    for (const key of ["url", "b64_json", "revised_prompt"] as const)
      if (typeof d[key] === "string" && d[key]) image[key] = d[key];
    if (image.url || image.b64_json) images.push(image);
  }
  if (images.length > 0) return { taskId, status, images, polls };
  const what = taskId === undefined ? "the answer" : `image task ${taskId}`;
  throw badTask(
    `${what} ended ${status} without an image; the call may have been billed`,
    "no_images",
    taskId,
  );
}

function badTask(what: string, code = "bad_task", taskId?: string): FeedgateError {
  return createError({
    kind: "invalid_response",
    status: 200,
    code,
    message: `createImage: ${what}`,
    taskId,
    // Repeating the poll or the call cannot bring the images back.
    final: code === "bad_task" ? undefined : true,
  });
}
