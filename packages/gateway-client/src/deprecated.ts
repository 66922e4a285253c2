// Names of the 0.1.0 API that live on for one minor release as deprecated aliases, so an app
// written against 0.1.0 compiles with strike-throughs pointing at the replacement instead of
// errors. Removed in the next minor: see the migration section of the CHANGELOG.
import { FeedgateError, type FeedgateErrorKind, isFeedgateError } from "@feedgate/core";
import * as collect from "./collect.js";
import type * as images from "./image-workflows.js";
import type { ImageWorkflows } from "./image-workflows.js";
import * as workflows from "./image-workflows.js";
import type { ImagesApi } from "./images.js";
import { wasRaised } from "./raised.js";
import type { ResponseCreateParams } from "./types.js";

/**
 * The 0.1.0 error class of the gateway client.
 * @deprecated Use `FeedgateError` (or a subclass such as `RateLimitError`): every failure of the
 * client is one of core's error family. `GatewayError` is an alias of it, removed in the next minor.
 */
export const GatewayError = FeedgateError;
/**
 * The 0.1.0 name of the `FeedgateError` type.
 * @deprecated Use `FeedgateError`. Removed in the next minor.
 */
export type GatewayError = FeedgateError;
/**
 * The 0.1.0 name of `FeedgateErrorKind`.
 * @deprecated Use `FeedgateErrorKind`. Removed in the next minor.
 */
export type GatewayErrorKind = FeedgateErrorKind;

/**
 * True for an error the gateway client raised (as in 0.1.0), not another package's.
 * @deprecated Use `isFeedgateError(value)` or `instanceof` a class of the family. Removed in the next minor.
 */
export function isGatewayError(value: unknown): value is FeedgateError {
  return isFeedgateError(value) && wasRaised(value);
}

/**
 * Consumes a Responses stream into its final Response and text.
 * @deprecated Import `collectResponse` from `@feedgate/gateway-client/collect`. Removed from the root in the next minor.
 */
export const collectResponse = collect.collectResponse;
/**
 * Consumes a Gemini stream into one response.
 * @deprecated Import `collectGenerateContent` from `@feedgate/gateway-client/collect`. Removed from the root in the next minor.
 */
export const collectGenerateContent = collect.collectGenerateContent;
/**
 * The output text of a Response object.
 * @deprecated Import `outputText` from `@feedgate/gateway-client/collect`. Removed from the root in the next minor.
 */
export const outputText = collect.outputText;

/** The 0.1.0 name, kept for one minor. @deprecated Use `ResponseCreateParams` (unknown keys refused; model-specific fields in `extraBody`). */
export type CreateResponseParams = ResponseCreateParams;
/** The 0.1.0 name, kept for one minor. @deprecated Import `TextToImageParams` from `@feedgate/gateway-client/images`. */
export type TextToImageParams = images.TextToImageParams;
/** The 0.1.0 name, kept for one minor. @deprecated Import `ImageToImageParams` from `@feedgate/gateway-client/images`. */
export type ImageToImageParams = images.ImageToImageParams;
/** The 0.1.0 name, kept for one minor. @deprecated Import `GptImageParams` from `@feedgate/gateway-client/images`. */
export type GptImageParams = images.GptImageParams;
/** The 0.1.0 name, kept for one minor. @deprecated Import `RegionalImageToImageParams` from `@feedgate/gateway-client/images`. */
export type RegionalImageToImageParams = images.RegionalImageToImageParams;
/** The 0.1.0 name, kept for one minor. @deprecated Import `MultiImageParams` from `@feedgate/gateway-client/images`. */
export type MultiImageParams = images.MultiImageParams;
/** The 0.1.0 name, kept for one minor. @deprecated Import `MultiImageWithoutAspectParams` from `@feedgate/gateway-client/images`. */
export type MultiImageWithoutAspectParams = images.MultiImageWithoutAspectParams;
/** The 0.1.0 name, kept for one minor. @deprecated Import `MultiGptImageParams` from `@feedgate/gateway-client/images`. */
export type MultiGptImageParams = images.MultiGptImageParams;
/** The 0.1.0 name, kept for one minor. @deprecated Import `PanoramaParams` from `@feedgate/gateway-client/images`. */
export type PanoramaParams = images.PanoramaParams;
/** The 0.1.0 name, kept for one minor. @deprecated Import `InputRegion` from `@feedgate/gateway-client/images`. */
export type InputRegion = images.InputRegion;
/** The 0.1.0 name, kept for one minor. @deprecated Import `ImageCallOptions` from `@feedgate/gateway-client/images`. */
export type ImageCallOptions = images.ImageCallOptions;
/** The 0.1.0 name, kept for one minor. @deprecated Import `Workflow` from `@feedgate/gateway-client/images`. */
export type Workflow<P> = images.Workflow<P>;
/** The 0.1.0 name, kept for one minor. @deprecated Use `imageWorkflows(gateway)` from `@feedgate/gateway-client/images`; `gateway.images` has generate, submit and getTask. */
export const imagesApi = (gateway: { images: ImagesApi }): ImagesApi => gateway.images;
/** The 0.1.0 name, kept for one minor. @deprecated Import `buildImageRequest` from `@feedgate/gateway-client/images`. */
export const buildImageRequest = workflows.buildImageRequest;

/** The 0.1.0 workflow members of `gateway.images`, kept for one minor. */
export interface LegacyImageWorkflows {
  /** The 0.1.0 name, kept for one minor. @deprecated Use `imageWorkflows(gateway).textToImage` from `@feedgate/gateway-client/images`. */
  textToImage: ImageWorkflows["textToImage"];
  /** The 0.1.0 name, kept for one minor. @deprecated Use `imageWorkflows(gateway).imageToImage` from `@feedgate/gateway-client/images`. */
  imageToImage: ImageWorkflows["imageToImage"];
  /** The 0.1.0 name, kept for one minor. @deprecated Use `imageWorkflows(gateway).gptImage` from `@feedgate/gateway-client/images`. */
  gptImage: ImageWorkflows["gptImage"];
  /** The 0.1.0 name, kept for one minor. @deprecated Use `imageWorkflows(gateway).regionalImageToImage` from `@feedgate/gateway-client/images`. */
  regionalImageToImage: ImageWorkflows["regionalImageToImage"];
  /** The 0.1.0 name, kept for one minor. @deprecated Use `imageWorkflows(gateway).multiImage` from `@feedgate/gateway-client/images`. */
  multiImage: ImageWorkflows["multiImage"];
  /** The 0.1.0 name, kept for one minor. @deprecated Use `imageWorkflows(gateway).multiImageWithoutAspect` from `@feedgate/gateway-client/images`. */
  multiImageWithoutAspect: ImageWorkflows["multiImageWithoutAspect"];
  /** The 0.1.0 name, kept for one minor. @deprecated Use `imageWorkflows(gateway).multiGptImage` from `@feedgate/gateway-client/images`. */
  multiGptImage: ImageWorkflows["multiGptImage"];
  /** The 0.1.0 name, kept for one minor. @deprecated Use `imageWorkflows(gateway).panorama` from `@feedgate/gateway-client/images`. */
  panorama: ImageWorkflows["panorama"];
}

/** `gateway.images` with the 0.1.0 workflow members: the same helpers as `imageWorkflows(gateway)`. */
export const withLegacyWorkflows = (images: ImagesApi): ImagesApi & LegacyImageWorkflows =>
  Object.assign(images, workflows.imageWorkflows({ images }));
