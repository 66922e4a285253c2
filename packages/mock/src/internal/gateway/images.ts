import type { FakeClock } from "../core/clock.js";
import { parseJsonBody, type Reply } from "../core/reply.js";
import { json, refusal, taskError } from "./envelopes.js";
import type { GatewayIds } from "./ids.js";

/** How the next image task(s) behave. */
export interface TaskScript {
  /** GETs that still answer a running status before the task ends (0: the first GET ends it). */
  polls: number;
  /** How the task ends. */
  outcome: "completed" | "failed";
  /** Terminal status string sent instead of `outcome` (an alias such as "succeeded", "done", "error", "cancelled"). */
  status?: string | undefined;
  /** Images of a completed task. Default: one image with a url. */
  images?:
    | Array<{
        /** The image's download URL. */
        url?: string | undefined;
        /** The image as base64 data. */
        b64_json?: string | undefined;
      }>
    | undefined;
  /**
   * Error of a failed task, in any shape the document gives: an object (the gateway sets only
   * `message`; `code` is kept for other builds), a plain string, or `null` for none (then
   * `message` says why). Default `{ message: "The fake task failed." }`.
   */
  error?:
    | {
        /** The error code. Default: none. */
        code?: string | undefined;
        /** The error message (an object on some upstreams). */
        message: string | Record<string, unknown>;
      }
    | string
    | null
    | undefined;
  /** A bare top-level `message` in a failed task's answer (a string or an object; with `error: null`, the only reason given). Default: none. */
  message?: string | Record<string, unknown> | undefined;
  /** The status the async submission answers: the upstream's, mapped (M2: `completed` or `failed` too, never with `data`). Default "queued". */
  submitStatus?: string | undefined;
  /**
   * A synchronous create also answers with a task (as some channels do) instead of images: the
   * upstream's task, which the gateway keeps no record of, so polling it answers `task_not_exist`. Default false.
   */
  syncAnswersTask?: boolean | undefined;
  /** How many submissions this script applies to. Default 1. */
  times?: number | undefined;
  /** Status answered while running (e.g. `"unknown"`, which the gateway sends when it cannot tell). Default "queued" on the first GET, then "in_progress". */
  runningStatus?: string | undefined;
}

/** A 1×1 transparent PNG (base64), the fake's image everywhere: `b64_json` and the files under {@link MOCK_FILES_PATH}. */
export const PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** The gateway's image edit route: multipart, synchronous only, no operation of the document. */
export const EDIT_PATH = "/v1/images/edits";

/** Where the fake serves the images its results point to: `<fake url>/mock-files/<name>.png`. */
export const MOCK_FILES_PATH = "/mock-files/";

const MOCK_FILE_NAME = /^\/mock-files\/([A-Za-z0-9_-]{1,128})\.png$/;

/**
 * `GET /mock-files/<name>.png`: the 1×1 PNG, whatever the name (image results name files on the
 * fake's own origin, so a downloader can be tested without any other host). No credential is
 * checked, like a real image host; undefined when the path is not a mock file.
 */
export function mockFileReply(method: string, path: string): Reply | undefined {
  if (!MOCK_FILE_NAME.test(path)) return undefined;
  if (method !== "GET" && method !== "HEAD")
    return {
      status: 405,
      headers: { allow: "GET, HEAD", "content-type": "text/plain" },
      body: "method not allowed",
    };
  return {
    status: 200,
    headers: { "content-type": "image/png", "cache-control": "no-store" },
    body: Buffer.from(PIXEL_PNG, "base64"),
  };
}

export class ImagesFake {
  readonly tasks = new Map<string, { script: TaskScript; gets: number }>();
  #scripts: Array<{ script: TaskScript; remaining: number }> = [];

  /** The fake's own origin (set once the server listens): image URLs point there. */
  origin = "http://127.0.0.1";

  /** `ignoreAsync`: stock new-api, which answers `async=true` with the image result. */
  constructor(
    private readonly ids: GatewayIds,
    private readonly clock: FakeClock,
    private readonly ignoreAsync = false,
  ) {}

  #fileUrl(name: string): string {
    return `${this.origin}${MOCK_FILES_PATH}${name}.png`;
  }

  scriptTask(script: TaskScript): void {
    if (!Number.isInteger(script.polls) || script.polls < 0)
      throw new RangeError(`scriptTask: polls must be an integer ≥ 0, got ${script.polls}`);
    this.#scripts.push({ script, remaining: script.times ?? 1 });
  }

  #nextScript(sync: boolean): TaskScript | undefined {
    const head = this.#scripts[0];
    if (!head || (sync && !head.script.syncAnswersTask)) return undefined;
    head.remaining -= 1;
    if (head.remaining <= 0) this.#scripts.shift();
    return head.script;
  }

  /** A task id; one a synchronous answer names is the upstream's, which the gateway cannot poll (M9). */
  #submit(script: TaskScript, sync: boolean): Reply {
    const id = `task_${this.ids.alnum(32)}`;
    if (!sync) this.tasks.set(id, { script, gets: 0 });
    const status = (!sync && script.submitStatus) || "queued";
    return json(200, { task_id: id, status });
  }

  /**
   * `model` is the one field the gateway requires (relay/helper/valid_request.go:185-188); without
   * it, or with a body that is not JSON, it answers 500 `invalid_request`. `async=true` (any case)
   * submits a task unless `ignoreAsync` (stock new-api, which answers the image result).
   */
  create(body: string, query: URLSearchParams, requestId: string): Reply {
    const request = parseJsonBody(body);
    const refused = refusal(request, requestId);
    if (refused || !request) return refused!;
    const isAsync = !this.ignoreAsync && (query.get("async") ?? "").toLowerCase() === "true";
    const script = this.#nextScript(!isAsync);
    if (isAsync) return this.#submit(script ?? { polls: 1, outcome: "completed" }, false);
    if (script) return this.#submit(script, true);
    const n =
      typeof request["n"] === "number" && request["n"] >= 1
        ? Math.min(Math.floor(request["n"]), 10)
        : 1;
    const b64 = request["response_format"] === "b64_json";
    const data = Array.from({ length: n }, (_, k) => ({
      url: b64 ? "" : this.#fileUrl(`${this.ids.alnum(16)}-${k}`),
      b64_json: b64 ? PIXEL_PNG : "",
      revised_prompt: "",
    }));
    return json(200, { created: Math.floor(this.clock.now() / 1000), data });
  }

  /** `POST /v1/images/edits` (multipart): its text fields answered as a synchronous generation. */
  edit(body: string, requestId: string): Reply {
    const fields: Record<string, string | number> = {};
    // A file part has `; filename=` after its name, so only the text parts match.
    for (const [, name, value] of body.matchAll(/name="([^"]+)"\r\n\r\n([^\r\n]*)/g))
      fields[name as string] = name === "n" ? Number(value) : (value as string);
    return this.create(JSON.stringify(fields), new URLSearchParams(), requestId);
  }

  get(taskId: string): Reply {
    const task = this.tasks.get(taskId);
    if (!task) return taskError(400, "task_not_exist", "task_not_exist");
    task.gets += 1;
    const { script } = task;
    if (task.gets <= script.polls) {
      return json(200, {
        task_id: taskId,
        status: script.runningStatus ?? (task.gets === 1 ? "queued" : "in_progress"),
      });
    }
    const status = script.status ?? script.outcome;
    if (script.outcome === "completed") {
      const data = (script.images ?? [{ url: this.#fileUrl(taskId) }]).map((image) => ({
        url: image.url ?? "",
        b64_json: image.b64_json ?? "",
        revised_prompt: "",
      }));
      return json(200, { task_id: taskId, status, data });
    }
    // The gateway never sets a task error's code; a script may still ask for one. JSON drops
    // what is undefined, so a script's `message` alone or a `null` error is left out.
    const { error = { message: "The fake task failed." }, message } = script;
    return json(200, { task_id: taskId, status, error: error ?? undefined, message });
  }
}
