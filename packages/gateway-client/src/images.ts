import type { Context, CallOptions } from "./context.js";
import { gatewayError } from "./errors.js";
import type { ImageRequest, ImageResult, ImageSubmission, ImageTask } from "./types.js";

/** Where reference image URLs are hosted (Tencent VOD's InputRegion). */
export type InputRegion = "Mainland" | "Oversea" | "OverseaUSWest";

/** Row 1 — text to image. */
export interface TextToImageParams { model: string; prompt: string; resolution?: string; aspect_ratio?: string }
/** Row 2 — image to image: reference images by URL. */
export interface ImageToImageParams extends TextToImageParams { images: string[] }
/** Row 3 — GPT-style image (quality tier; optional references). */
export interface GptImageParams { model: string; prompt: string; quality: string; resolution?: string; images?: string[]; aspect_ratio?: string }
/** Row 4 — image to image with references hosted in a given region. */
export interface RegionalImageToImageParams extends ImageToImageParams { input_region: InputRegion }
/** Row 5 — several images of a family that takes an aspect ratio (e.g. Nano-Banana2). */
export interface MultiImageParams { model: string; prompt: string; n: number; resolution?: string; aspect_ratio?: string }
/** Row 6 — several images of a family without aspect ratios (e.g. Seedream: the ratio goes in the prompt). */
export interface MultiImageWithoutAspectParams { model: string; prompt: string; n: number; resolution?: string }
/** Row 7 — several GPT-style images. */
export interface MultiGptImageParams extends GptImageParams { n: number }
/** Row 8 — a 3D panorama (Hunyuan): model and prompt only. */
export interface PanoramaParams { model: string; prompt: string }

/** `async: true` submits a task (an {@link ImageSubmission}); otherwise the gateway answers when done (or with a task). */
export interface ImageCallOptions extends CallOptions {
  async?: boolean;
}

/**
 * Each workflow's fields beyond `model` and `prompt` (which all require): the required ones,
 * then after `|` the optional ones, in the order they are checked and copied.
 */
const WORKFLOWS = {
  textToImage: "|resolution aspect_ratio",
  imageToImage: "images|resolution aspect_ratio",
  gptImage: "quality|resolution images aspect_ratio",
  regionalImageToImage: "images input_region|resolution aspect_ratio",
  multiImage: "n|resolution aspect_ratio",
  multiImageWithoutAspect: "n|resolution",
  multiGptImage: "quality n|resolution images aspect_ratio",
  panorama: "|",
} as const;

type WorkflowName = keyof typeof WORKFLOWS;

const REGIONS = ["Mainland", "Oversea", "OverseaUSWest"];

function invalid(field: string, rule: string): never {
  throw gatewayError("config", "invalid_request", `${field}: ${rule}`);
}

/** Checks a workflow's fields and copies exactly those (nothing else is sent). */
export function buildImageRequest(workflow: WorkflowName, params: object): ImageRequest {
  const [required, optional] = WORKFLOWS[workflow].split("|").map((fields) => fields.split(" ").filter(Boolean)) as [string[], string[]];
  const input = params as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  required.unshift("model", "prompt");
  for (const field of [...required, ...optional]) {
    const value = input[field];
    if (value === undefined) {
      if (required.includes(field)) invalid(field, `required for ${workflow}`);
      continue;
    }
    if (field === "n") {
      if (!Number.isInteger(value) || (value as number) < 1) invalid("n", "a whole number of at least 1");
    } else if (field === "images") {
      if (!Array.isArray(value) || value.length === 0 || !value.every((u) => typeof u === "string" && /^https?:\/\//.test(u))) {
        invalid("images", "a non-empty list of http(s) URLs");
      }
    } else if (field === "input_region") {
      if (!REGIONS.includes(value as string)) invalid("input_region", `one of ${REGIONS.join(", ")}`);
    } else if (typeof value !== "string" || value.trim() === "") {
      invalid(field, "a non-empty string");
    }
    body[field] = value;
  }
  return body as ImageRequest;
}

/** True when an answer of the image routes is a task object rather than a finished result. */
export function isImageTask(value: ImageResult | ImageTask): value is ImageTask {
  // Results carry `created` + `data`; only tasks carry a `status` and a task id.
  const v = value as { task_id?: unknown; id?: unknown; status?: unknown };
  return typeof v.status === "string" && (typeof v.task_id === "string" || typeof v.id === "string");
}

/** The image helpers of every workflow, by name. */
type Workflows = {
  textToImage: Workflow<TextToImageParams>;
  imageToImage: Workflow<ImageToImageParams>;
  gptImage: Workflow<GptImageParams>;
  regionalImageToImage: Workflow<RegionalImageToImageParams>;
  multiImage: Workflow<MultiImageParams>;
  multiImageWithoutAspect: Workflow<MultiImageWithoutAspectParams>;
  multiGptImage: Workflow<MultiGptImageParams>;
  panorama: Workflow<PanoramaParams>;
};

/** The image routes (bearer auth) and one typed helper per documented workflow. */
export function imagesApi({ call }: Context) {
  const post = <T>(body: ImageRequest, options: CallOptions | undefined, async: boolean): Promise<T> =>
    call("createImage", "POST", "/v1/images/generations", async ? { body, params: { query: { async } } } : { body }, options);

  const generate = (body: ImageRequest, options?: CallOptions): Promise<ImageResult | ImageTask> => post(body, options, false);
  const submit = async (body: ImageRequest, options?: CallOptions): Promise<ImageSubmission> => {
    const answer = await post<ImageResult | ImageTask>(body, options, true);
    // The shape check already ran: an answer that is not a task is an image result.
    return isImageTask(answer) ? { kind: "task", task: answer } : { kind: "completed", result: answer };
  };

  const workflows = Object.fromEntries(
    Object.keys(WORKFLOWS).map((workflow) => [
      workflow,
      // async: a bad input rejects the returned promise, like every other failure.
      async (params: object, options: ImageCallOptions = {}) => {
        const body = buildImageRequest(workflow as WorkflowName, params);
        return options.async ? submit(body, options) : generate(body, options);
      },
    ]),
  ) as Workflows;

  return {
    /** `POST /v1/images/generations` (sync): a result, or a task object when the gateway chose async. No retries by default: each call is billed. */
    generate,
    /**
     * `POST /v1/images/generations?async=true`: `{ kind: "task", task }` to poll, or
     * `{ kind: "completed", result }` when the gateway ignored `async` and answered the images
     * (stock new-api); never submit again after that: it was billed.
     */
    submit,
    /** `GET /v1/images/generations/{task_id}`: the task's current state. */
    async getTask(taskId: string, options?: CallOptions): Promise<ImageTask> {
      if (typeof taskId !== "string" || taskId.trim() === "") invalid("taskId", "a non-empty task id");
      return call("getImageTask", "GET", "/v1/images/generations/{task_id}", { params: { path: { task_id: taskId } } }, options);
    },
    ...workflows,
  };
}

/** A workflow helper: sync by default, a submitted task with `{ async: true }`. */
export interface Workflow<P> {
  (params: P, options: ImageCallOptions & { async: true }): Promise<ImageSubmission>;
  (params: P, options?: ImageCallOptions): Promise<ImageResult | ImageTask>;
}
