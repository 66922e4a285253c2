import { type Command, Option } from "commander";
import { DEFAULT_IMAGE_MODEL } from "../cli/config.js";
import { examples } from "../cli/help.js";
import { collect, integerArg } from "../cli/parse.js";
import type { Runner } from "../cli/runner.js";

export function registerImage(program: Command, runner: Runner): void {
  const command = program
    .command("image")
    .description(
      "generate images through the gateway; polls the task with a spinner, writes the files and prints their paths",
    )
    .argument("[prompt]", "what to draw (none with --task)")
    .option(
      "--model <model>",
      `image model (env FEEDGATE_IMAGE_MODEL; default ${DEFAULT_IMAGE_MODEL})`,
    )
    .option("--resolution <r>", "e.g. 1K, 2K, 4K (Kling: 1k/2k; Vidu: 1080p)")
    .option(
      "--aspect <ratio>",
      "aspect ratio, e.g. 16:9 (not for Seedream, Hunyuan, Qwen: put it in the prompt)",
    )
    .option("--quality <q>", "GPT-image quality: low, medium or high")
    .option("--n <n>", "how many images", integerArg)
    .option("--image <url>", "a reference image URL (repeat for several)", collect)
    .addOption(
      new Option("--region <region>", "where the reference images are hosted").choices([
        "Mainland",
        "Oversea",
        "OverseaUSWest",
      ]),
    )
    .option("--panorama", "a 3D panorama (Hunyuan): model and prompt only")
    .option("--async", "submit a task and poll it (every 5 s) instead of waiting on one request")
    .option(
      "--out <dir>",
      "where to write the images (default: the current directory); names are <task id>-<n>.<ext>",
    )
    .option("--force", "replace files of the same name (default: fail and name the file)")
    .option(
      "--download-timeout <seconds>",
      "fail a download with no data for this long (default: 60)",
      integerArg,
    )
    .option(
      "--task <id>",
      "resume waiting for a task submitted earlier (its id, as printed) and save its images; no prompt",
    )
    .option("--json", "print the task (or result) and the written files as JSON")
    .action(runner.lazy(() => import("./image-run.js"), "runImage"));
  examples(command, [
    "feedgate image 'a lighthouse at dawn, watercolour' --aspect 16:9 --async --out ./art",
    "feedgate image 'the same, brighter' --image https://example.com/ref.png --region Oversea",
    "feedgate image 'a product shot' --model GPT-image-2 --quality low --n 3",
    "feedgate image 'a mountain valley' --model Hunyuan-3d-2.0 --panorama",
    "feedgate image --task task_01HZX9 --out ./art",
  ]);
}
