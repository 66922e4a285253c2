import { Option, type Command } from "commander";
import type { CommandContext } from "../cli/context.js";
import { DEFAULT_IMAGE_MODEL, modelOf } from "../cli/config.js";
import { step } from "../cli/errors.js";
import { collect, integerArg } from "../cli/parse.js";
import type { Wire } from "../cli/wire.js";
import { examples } from "../program.js";
import { StatusSpinner } from "../render/spinner.js";
import { gatewayServices } from "../services/index.js";
import { DOWNLOAD_IDLE_TIMEOUT_MS, safeStem, saveImages } from "./image-files.js";
import { imageRequestOf } from "./image-request.js";

export interface ImageOptions {
  model?: string;
  resolution?: string;
  aspect?: string;
  quality?: string;
  n?: number;
  image?: string[];
  region?: "Mainland" | "Oversea" | "OverseaUSWest";
  panorama?: boolean;
  async?: boolean;
  out?: string;
  force?: boolean;
  downloadTimeout?: number;
  json?: boolean;
}

/** `feedgate image <prompt>`: generates, polls the task with a spinner, writes the files. */
export async function runImage(ctx: CommandContext, options: ImageOptions, prompt: string): Promise<void> {
  const { out } = ctx;
  const model = modelOf(options.model, ctx.env, "FEEDGATE_IMAGE_MODEL", DEFAULT_IMAGE_MODEL);
  const body = imageRequestOf({ ...options, model, prompt });
  const gateway = gatewayServices(ctx);
  const spinner = new StatusSpinner(out, `${options.async ? "submitting" : "generating"} with ${model}…`);
  let outcome;
  try {
    outcome = await step("image generation", () =>
      gateway.image(body as Record<string, unknown>, {
        async: options.async === true,
        signal: ctx.signal,
        onStatus: (status, taskId) => spinner.update(`task ${taskId}: ${status}`),
      }),
    );
  } catch (error) {
    spinner.fail(ctx.signal.aborted ? "stopped" : "image generation failed");
    throw error;
  }
  const { taskId } = outcome;
  spinner.succeed(`${outcome.images.length} image${outcome.images.length === 1 ? "" : "s"} ready${taskId ? ` (task ${taskId})` : ""}`);
  const stem = safeStem(taskId, Date.now());
  const saved = await step("saving the images", () =>
    saveImages(outcome.images, options.out ?? ".", stem, {
      signal: ctx.signal,
      force: options.force === true,
      downloadIdleTimeoutMs: options.downloadTimeout === undefined ? DOWNLOAD_IDLE_TIMEOUT_MS : options.downloadTimeout * 1000,
    }),
  );
  if (out.json) {
    out.data({ model, taskId: taskId ?? null, status: outcome.status, ...(outcome.task ? { task: outcome.task } : {}), files: saved });
    return;
  }
  for (const file of saved) out.print(file.path);
}

export function registerImage(program: Command, wire: Wire): void {
  const command = program
    .command("image")
    .description("generate images through the gateway; polls the task with a spinner, writes the files and prints their paths")
    .argument("<prompt>", "what to draw")
    .option("--model <model>", `image model (env FEEDGATE_IMAGE_MODEL; default ${DEFAULT_IMAGE_MODEL})`)
    .option("--resolution <r>", "e.g. 1K, 2K, 4K (Kling: 1k/2k; Vidu: 1080p)")
    .option("--aspect <ratio>", "aspect ratio, e.g. 16:9 (not for Seedream, Hunyuan, Qwen: put it in the prompt)")
    .option("--quality <q>", "GPT-image quality: low, medium or high")
    .addOption(new Option("--n <n>", "how many images").argParser(integerArg))
    .option("--image <url>", "a reference image URL (repeat for several)", collect)
    .addOption(new Option("--region <region>", "where the reference images are hosted").choices(["Mainland", "Oversea", "OverseaUSWest"]))
    .option("--panorama", "a 3D panorama (Hunyuan): model and prompt only")
    .option("--async", "submit a task and poll it (every 5 s) instead of waiting on one request")
    .option("--out <dir>", "where to write the images (default: the current directory); names are <task id>-<n>.<ext>")
    .option("--force", "replace files of the same name (default: fail and name the file)")
    .addOption(new Option("--download-timeout <seconds>", "fail a download with no data for this long (default: 60)").argParser(integerArg))
    .option("--json", "print the task (or result) and the written files as JSON")
    .action(wire.action<ImageOptions>((ctx, options, prompt) => runImage(ctx, options, prompt!)));
  examples(command, [
    "feedgate image 'a lighthouse at dawn, watercolour' --aspect 16:9 --async --out ./art",
    "feedgate image 'the same, brighter' --image https://example.com/ref.png --region Oversea",
    "feedgate image 'a product shot' --model GPT-image-2 --quality low --n 3",
    "feedgate image 'a mountain valley' --model Hunyuan-3d-2.0 --panorama",
  ]);
}
