/**
 * `@feedgate/gateway-client/images`: one typed helper per documented image workflow
 * (`imageWorkflows(gateway).textToImage(...)`, ...) and `buildImageRequest`, on top of the
 * client's `images.generate` / `images.submit`. Not every caller needs them, so they are not part
 * of the main entry point.
 * @packageDocumentation
 */
import { type APIPromise, apiPromise, invalidArgument } from "@feedgate/core";
import type { CallOptions } from "./internal/call.js";
import type { ImagesApi } from "./internal/images.js";
import type {
  ExtraBody,
  ImageGenerateParams,
  ImageRequest,
  ImageResult,
  ImageSubmission,
  ImageTask,
} from "./internal/types.js";

/** Where reference image URLs are hosted (Tencent VOD's InputRegion). */
export type InputRegion = "Mainland" | "Oversea" | "OverseaUSWest";

/** What every workflow takes: a model and a prompt. */
export interface PromptParams extends ExtraBody {
  /** The model id, as the gateway lists it. */
  model: string;
  /** What to draw. */
  prompt: string;
}
/** Row 1 — text to image. */
export interface TextToImageParams extends PromptParams {
  /** Output resolution, in the model's own terms. Default: the model's. */
  resolution?: string;
  /** Aspect ratio such as `16:9`. Default: the model's. */
  aspect_ratio?: string;
}
/** Row 2 — image to image: reference images by URL. */
export interface ImageToImageParams extends TextToImageParams {
  /** Reference images, as a non-empty list of http(s) URLs. */
  images: string[];
}
/** Row 3 — GPT-style image (quality tier; optional references). */
export interface GptImageParams extends TextToImageParams {
  /** Quality tier, in the model's own terms. */
  quality: string;
  /** Reference images, as http(s) URLs. Default: none. */
  images?: string[];
}
/** Row 4 — image to image with references hosted in a given region. */
export interface RegionalImageToImageParams extends ImageToImageParams {
  /** Where the reference image URLs are hosted. */
  input_region: InputRegion;
}
/** Row 5 — several images of a family that takes an aspect ratio (e.g. Nano-Banana2). */
export interface MultiImageParams extends TextToImageParams {
  /** How many images to make: a whole number, at least 1. */
  n: number;
}
/** Row 6 — several images of a family without aspect ratios (e.g. Seedream: the ratio goes in the prompt). */
export type MultiImageWithoutAspectParams = Omit<MultiImageParams, "aspect_ratio">;
/** Row 7 — several GPT-style images. */
export interface MultiGptImageParams extends GptImageParams {
  /** How many images to make: a whole number, at least 1. */
  n: number;
}
/** Row 8 — a 3D panorama (Hunyuan): model and prompt only. */
export type PanoramaParams = PromptParams;

/** `async: true` submits a task (an {@link ImageSubmission}); otherwise the gateway answers when done (or with a task). Default: false. */
export interface ImageCallOptions extends CallOptions {
  /** Submit a task and return at once (`true`) instead of waiting for the image. Default: false. */
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

/** The name of one of the eight documented image workflows. */
export type WorkflowName = keyof typeof WORKFLOWS;

const REGIONS = ["Mainland", "Oversea", "OverseaUSWest"];

/**
 * Checks a workflow's fields and copies exactly those, plus `extraBody` (nothing else is sent).
 * A missing or bad field throws an InvalidRequestError (code `invalid_argument`, `param` naming it).
 */
export function buildImageRequest(workflow: WorkflowName, params: object): ImageRequest {
  const [required, optional] = WORKFLOWS[workflow]
    .split("|")
    .map((fields) => fields.split(" ").filter(Boolean)) as [string[], string[]];
  const input = params as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  required.unshift("model", "prompt");
  for (const field of [...required, ...optional]) {
    const value = input[field];
    if (value === undefined) {
      if (required.includes(field)) throw invalidArgument(field, `required for ${workflow}`);
      continue;
    }
    if (field === "n") {
      if (!Number.isInteger(value) || (value as number) < 1)
        throw invalidArgument("n", "a whole number of at least 1");
    } else if (field === "images") {
      if (
        !Array.isArray(value) ||
        value.length === 0 ||
        !value.every((u) => typeof u === "string" && /^https?:\/\//.test(u))
      ) {
        throw invalidArgument("images", "a non-empty list of http(s) URLs");
      }
    } else if (field === "input_region") {
      if (!REGIONS.includes(value as string))
        throw invalidArgument("input_region", `one of ${REGIONS.join(", ")}`);
    } else if (typeof value !== "string" || value.trim() === "") {
      throw invalidArgument(field, "a non-empty string");
    }
    body[field] = value;
  }
  return { ...body, ...(input["extraBody"] as object | undefined) } as ImageRequest;
}

/** A workflow helper: sync by default, a submitted task with `{ async: true }`. */
export interface Workflow<P> {
  /** Submits the workflow as a task; resolves with the submission (a task to poll, or an already finished result). */
  (params: P, options: ImageCallOptions & { async: true }): APIPromise<ImageSubmission>;
  /** Runs the workflow and resolves with the image result (or a task, when the gateway chose to answer with one). */
  (params: P, options?: ImageCallOptions): APIPromise<ImageResult | ImageTask>;
}

/**
 * The image helpers of every documented workflow, by name. Each checks its own fields before
 * sending (a missing or bad one rejects with an InvalidRequestError naming it), sends only those
 * plus `extraBody`, and by default waits for the image (`images.generate`); with
 * `{ async: true }` it submits a task instead (`images.submit`) and resolves with the submission.
 * Synchronous generation is never retried (each call is billed). Options: {@link ImageCallOptions}.
 */
export interface ImageWorkflows {
  /**
   * Text to image (workflow row 1): draws `prompt` with `model`, at the model's default
   * resolution and aspect ratio unless `resolution` / `aspect_ratio` say otherwise.
   * `textToImage({ model: "Nano-Banana2", prompt: "A lighthouse at dusk" })`.
   */
  textToImage: Workflow<TextToImageParams>;
  /** Image to image (row 2): redraws the reference `images` (http(s) URLs, at least one) as `prompt` says. Resolution and aspect ratio default to the model's. */
  imageToImage: Workflow<ImageToImageParams>;
  /** GPT-style image (row 3): `prompt` at a `quality` tier, with optional reference `images`. Resolution and aspect ratio default to the model's. */
  gptImage: Workflow<GptImageParams>;
  /** Image to image with references hosted in `input_region` (row 4: `Mainland`, `Oversea` or `OverseaUSWest`). Resolution and aspect ratio default to the model's. */
  regionalImageToImage: Workflow<RegionalImageToImageParams>;
  /** Several images (row 5): `n` (at least 1) images of `prompt`, for model families that take an aspect ratio. Resolution and aspect ratio default to the model's. */
  multiImage: Workflow<MultiImageParams>;
  /** Several images without an aspect ratio (row 6, e.g. Seedream: put the ratio in the prompt): `n` images of `prompt`. Resolution defaults to the model's. */
  multiImageWithoutAspect: Workflow<MultiImageWithoutAspectParams>;
  /** Several GPT-style images (row 7): `n` images of `prompt` at a `quality` tier, with optional reference `images`. */
  multiGptImage: Workflow<MultiGptImageParams>;
  /** A 3D panorama (row 8, Hunyuan): `model` and `prompt` only. */
  panorama: Workflow<PanoramaParams>;
}

/**
 * One typed helper per documented image workflow, sending through a client's `images`:
 * `imageWorkflows(gateway).textToImage({ model, prompt }, { async: true })`. Each checks and
 * sends only its own fields (plus `extraBody`); a bad field rejects the call before sending.
 */
export function imageWorkflows({
  images,
}: {
  images: Pick<ImagesApi, "generate" | "submit">;
}): ImageWorkflows {
  const helpers: Record<string, unknown> = {};
  for (const workflow of Object.keys(WORKFLOWS) as WorkflowName[]) {
    helpers[workflow] = (params: object, options: ImageCallOptions = {}) => {
      const { async, ...rest } = options;
      let body: ImageGenerateParams;
      try {
        body = buildImageRequest(workflow, params);
      } catch (error) {
        // A bad input rejects the returned promise, like every other failure.
        return apiPromise(Promise.reject(error));
      }
      return async ? images.submit(body, rest) : images.generate(body, rest);
    };
  }
  return helpers as unknown as ImageWorkflows;
}
