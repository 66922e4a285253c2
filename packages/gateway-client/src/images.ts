import { type APIPromise, invalidArgument } from "@feedgate/core";
import type { CallOptions, Context } from "./context.js";
import {
  bodyOf,
  type ImageGenerateParams,
  type ImageResult,
  type ImageSubmission,
  type ImageTask,
} from "./types.js";

/** True when an answer of the image routes is a task object rather than a finished result. */
export function isImageTask(value: ImageResult | ImageTask): value is ImageTask {
  // Results carry `created` + `data`; only tasks carry a `status` and a task id.
  const v = value as { task_id?: unknown; id?: unknown; status?: unknown };
  return (
    typeof v.status === "string" && (typeof v.task_id === "string" || typeof v.id === "string")
  );
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

export function imagesApi({ call }: Context): ImagesApi {
  const path = "/v1/images/generations";
  return {
    // No per-call maxRetries: the transport never retries a sync generation (billed).
    generate: (body, options) =>
      call(
        "createImage",
        "POST",
        path,
        () => ({ body: imageBody(body) }),
        options && { ...options, maxRetries: undefined },
      ),
    submit: (body, options) =>
      call(
        "createImage",
        "POST",
        path,
        () => ({ body: imageBody(body), params: { query: { async: true } } }),
        options,
        (answer: ImageResult | ImageTask) =>
          // The shape check already ran: an answer that is not a task is an image result.
          isImageTask(answer)
            ? { kind: "task", task: answer }
            : { kind: "completed", result: answer },
      ),
    getTask: (taskId, options) =>
      call(
        "getImageTask",
        "GET",
        "/v1/images/generations/{task_id}",
        () => {
          if (typeof taskId !== "string" || taskId.trim() === "")
            throw invalidArgument("taskId", "a non-empty task id");
          return { params: { path: { task_id: taskId } } };
        },
        options,
      ),
  };
}
