import type { ImageRequest } from "@feedgate/gateway-client";
import { buildImageRequest } from "@feedgate/gateway-client/images";
import { UsageError } from "../cli/errors.js";
import type { COMMANDS } from "./index.js";
import type { OptionsOf } from "./spec.js";

/** The image flags, as parsed, with the model and prompt. */
type ImageFlags = OptionsOf<typeof COMMANDS.image> & { model: string; prompt: string };

type Workflow = Parameters<typeof buildImageRequest>[0];

/** Which of the gateway's documented workflows a set of flags asks for. */
export function workflowOf(flags: ImageFlags): Workflow {
  if (flags.panorama) return "panorama";
  if (flags.region !== undefined) return "regionalImageToImage";
  if (flags.quality !== undefined) return flags.n !== undefined ? "multiGptImage" : "gptImage";
  if (flags.n !== undefined) {
    if (flags.image?.length)
      throw new UsageError(
        "--n with --image needs --quality (only the GPT-image workflow takes both)",
      );
    return "multiImage";
  }
  if (flags.image?.length) return "imageToImage";
  return "textToImage";
}

const FLAG_OF: Record<string, string> = {
  resolution: "--resolution",
  aspect_ratio: "--aspect",
  quality: "--quality",
  n: "--n",
  images: "--image",
  input_region: "--region",
};

/**
 * Builds the request body through the gateway client's workflow checks (so the CLI and the
 * library share one set of rules), and refuses a flag the chosen workflow would silently drop.
 */
export function imageRequestOf(flags: ImageFlags): ImageRequest {
  const workflow = workflowOf(flags);
  const params: Record<string, unknown> = { model: flags.model, prompt: flags.prompt };
  if (flags.resolution !== undefined) params["resolution"] = flags.resolution;
  if (flags.aspect !== undefined) params["aspect_ratio"] = flags.aspect;
  if (flags.quality !== undefined) params["quality"] = flags.quality;
  if (flags.n !== undefined) params["n"] = flags.n;
  if (flags.image?.length) params["images"] = flags.image;
  if (flags.region !== undefined) params["input_region"] = flags.region;
  const body = buildImageRequest(workflow, params) as Record<string, unknown>;
  for (const key of Object.keys(params)) {
    if (!(key in body)) {
      const why =
        workflow === "panorama"
          ? "--panorama takes only a model and a prompt"
          : `the ${workflow} workflow does not use it`;
      throw new UsageError(`${FLAG_OF[key] ?? key} cannot be used here: ${why}`);
    }
  }
  return body as ImageRequest;
}
