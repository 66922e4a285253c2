import { type APIPromise, invalidArgument } from "@feedgate/core";
import type { Caller, CallOptions } from "./call.js";
import { isTask } from "./operations.js";
import {
  bodyOf,
  type ImageGenerateParams,
  type ImageResult,
  type ImageSubmission,
  type ImageTask,
} from "./types.js";

/** True when an answer of the image routes is a task object rather than a finished result. */
export function isImageTask(value: ImageResult | ImageTask): value is ImageTask {
  return isTask(value as Record<string, unknown>);
}

/**
 * The image routes (bearer auth). The eight documented workflows (`textToImage`, ...) are in
 * `@feedgate/gateway-client/images`, built on these.
 */
export interface ImagesApi {
  /**
   * `POST /v1/images/generations` (sync): a result, or a task object when the gateway chose
   * async. Never retried, whatever `maxRetries` says: each call is billed and has no idempotency
   * key. Its timeout defaults to 600000 ms (generation can take minutes).
   */
  generate(body: ImageGenerateParams, options?: CallOptions): APIPromise<ImageResult | ImageTask>;
  /**
   * `POST /v1/images/generations?async=true`: `{ kind: "task", task }` to poll, or
   * `{ kind: "completed", result }` when the gateway ignored `async` and answered the images
   * (stock new-api); never submit again after that: it was billed.
   */
  submit(body: ImageGenerateParams, options?: CallOptions): APIPromise<ImageSubmission>;
  /** `GET /v1/images/generations/{task_id}`: the task's current state. */
  getTask(taskId: string, options?: CallOptions): APIPromise<ImageTask>;
}

/**
 * The body of an image call, refused before sending without a `model` (InvalidRequestError, code
 * `invalid_argument`, param `model`): the gateway would route it as `dall-e` and answer a
 * misleading 503 `model_not_found`.
 */
function imageBody(params: ImageGenerateParams): Record<string, unknown> {
  const model = (params as { model?: unknown } | null)?.model;
  if (typeof model !== "string" || model.trim() === "")
    throw invalidArgument(
      "model",
      "required: a model name (the gateway routes an image request without one as dall-e)",
    );
  return bodyOf(params);
}

/** Per-attempt timeout of a synchronous image generation unless the call says otherwise: 600000 ms (it can take minutes). */
const SYNC_IMAGE_TIMEOUT_MS = 600_000;

/** A submission's answer: a task to poll, or the images when the gateway ignored `async` (the shape check already ran). */
const submission = (answer: ImageResult | ImageTask): ImageSubmission =>
  isImageTask(answer) ? { kind: "task", task: answer } : { kind: "completed", result: answer };

/** The task id as a path parameter, refused before sending when empty. */
function taskPath(taskId: string) {
  if (typeof taskId !== "string" || taskId.trim() === "")
    throw invalidArgument("taskId", "a non-empty task id");
  return { params: { path: { task_id: taskId } } };
}

/** A sync generation's options: never retried (the retry hook refuses it too), 10 minutes per attempt by default. */
const syncImage = (o: CallOptions | undefined): CallOptions => ({
  ...o,
  maxRetries: 0,
  timeoutMs: o?.timeoutMs ?? SYNC_IMAGE_TIMEOUT_MS,
});

export function imagesApi({ call }: Caller): ImagesApi {
  const asTask = { query: { async: true } };
  return {
    generate: (body, o) => call("createImage", () => ({ body: imageBody(body) }), syncImage(o)),
    submit: (body, o) =>
      call("createImage", () => ({ body: imageBody(body), params: asTask }), o, submission),
    getTask: (taskId, o) => call("getImageTask", () => taskPath(taskId), o),
  };
}
