import type { Context, CallOptions } from "./context.js";
import { GatewayError } from "./errors.js";
import type { ImageRequest, ImageResult, ImageTask } from "./types.js";

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

/** `async: true` submits a task and returns it at once; otherwise the gateway answers when done (or with a task). */
export interface ImageCallOptions extends CallOptions {
  async?: boolean;
}

const WORKFLOWS = {
  textToImage: { required: ["model", "prompt"], optional: ["resolution", "aspect_ratio"] },
  imageToImage: { required: ["model", "prompt", "images"], optional: ["resolution", "aspect_ratio"] },
  gptImage: { required: ["model", "prompt", "quality"], optional: ["resolution", "images", "aspect_ratio"] },
  regionalImageToImage: { required: ["model", "prompt", "images", "input_region"], optional: ["resolution", "aspect_ratio"] },
  multiImage: { required: ["model", "prompt", "n"], optional: ["resolution", "aspect_ratio"] },
  multiImageWithoutAspect: { required: ["model", "prompt", "n"], optional: ["resolution"] },
  multiGptImage: { required: ["model", "prompt", "quality", "n"], optional: ["resolution", "images", "aspect_ratio"] },
  panorama: { required: ["model", "prompt"], optional: [] },
} as const;

const REGIONS = ["Mainland", "Oversea", "OverseaUSWest"];

function invalid(field: string, rule: string): never {
  throw new GatewayError({ kind: "config", code: "invalid_request", message: `${field}: ${rule}` });
}

/** Checks a workflow's fields and copies exactly those (nothing else is sent). */
export function buildImageRequest(workflow: keyof typeof WORKFLOWS, params: object): ImageRequest {
  const spec = WORKFLOWS[workflow];
  const input = params as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  for (const field of [...spec.required, ...spec.optional]) {
    const value = input[field];
    if (value === undefined) {
      if ((spec.required as readonly string[]).includes(field)) invalid(field, `required for ${workflow}`);
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

/** The image routes (bearer auth) and one typed helper per documented workflow. */
export function imagesApi(ctx: Context) {
  const { raw } = ctx;

  async function generate(body: ImageRequest, options: CallOptions = {}): Promise<ImageResult | ImageTask> {
    const result = await raw.POST("/v1/images/generations", { body, signal: options.signal ?? null });
    if (result.data === undefined) throw ctx.failure("createImage", result);
    return result.data as ImageResult | ImageTask;
  }

  async function submit(body: ImageRequest, options: CallOptions = {}): Promise<ImageTask> {
    const result = await raw.POST("/v1/images/generations", { body, params: { query: { async: true } }, signal: options.signal ?? null });
    if (result.data === undefined) throw ctx.failure("createImage", result);
    return result.data as ImageTask;
  }

  function run(workflow: keyof typeof WORKFLOWS) {
    function call(params: object, options: ImageCallOptions & { async: true }): Promise<ImageTask>;
    function call(params: object, options?: ImageCallOptions): Promise<ImageResult | ImageTask>;
    async function call(params: object, options: ImageCallOptions = {}) {
      // async: a bad input rejects the returned promise, like every other failure.
      const body = buildImageRequest(workflow, params);
      return options.async ? submit(body, options) : generate(body, options);
    }
    return call;
  }

  return {
    /** `POST /v1/images/generations` (sync): a result, or a task object when the gateway chose async. No retries by default: each call is billed. */
    generate,
    /** `POST /v1/images/generations?async=true`: the submitted task. */
    submit,
    /** `GET /v1/images/generations/{task_id}`: the task's current state. */
    async getTask(taskId: string, options: CallOptions = {}): Promise<ImageTask> {
      if (typeof taskId !== "string" || taskId.trim() === "") invalid("taskId", "a non-empty task id");
      const result = await raw.GET("/v1/images/generations/{task_id}", { params: { path: { task_id: taskId } }, signal: options.signal ?? null });
      if (result.data === undefined) throw ctx.failure("getImageTask", result, taskId);
      return result.data;
    },
    textToImage: run("textToImage") as Workflow<TextToImageParams>,
    imageToImage: run("imageToImage") as Workflow<ImageToImageParams>,
    gptImage: run("gptImage") as Workflow<GptImageParams>,
    regionalImageToImage: run("regionalImageToImage") as Workflow<RegionalImageToImageParams>,
    multiImage: run("multiImage") as Workflow<MultiImageParams>,
    multiImageWithoutAspect: run("multiImageWithoutAspect") as Workflow<MultiImageWithoutAspectParams>,
    multiGptImage: run("multiGptImage") as Workflow<MultiGptImageParams>,
    panorama: run("panorama") as Workflow<PanoramaParams>,
  };
}

/** A workflow helper: sync by default, a submitted task with `{ async: true }`. */
export interface Workflow<P> {
  (params: P, options: ImageCallOptions & { async: true }): Promise<ImageTask>;
  (params: P, options?: ImageCallOptions): Promise<ImageResult | ImageTask>;
}
