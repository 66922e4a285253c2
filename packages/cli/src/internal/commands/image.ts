import { DEFAULT_IMAGE_MODEL } from "../cli/config.js";
import type { Body } from "../cli/runner.js";
import type { CommandSpec } from "./spec.js";

export const image: CommandSpec = {
  name: "image",
  description:
    "generate images through the gateway; polls the task with a spinner, writes the files and prints their paths",
  args: [["[prompt]", "what to draw (none with --task)"]],
  options: [
    ["--model <model>", `image model (env FEEDGATE_IMAGE_MODEL; default ${DEFAULT_IMAGE_MODEL})`],
    ["--resolution <r>", "e.g. 1K, 2K, 4K (Kling: 1k/2k; Vidu: 1080p)"],
    [
      "--aspect <ratio>",
      "aspect ratio, e.g. 16:9 (not for Seedream, Hunyuan, Qwen: put it in the prompt)",
    ],
    ["--quality <q>", "GPT-image quality: low, medium or high"],
    ["--n <n>", "how many images", "integer"],
    ["--image <url>", "a reference image URL (repeat for several)", "collect"],
    [
      "--region <region>",
      "where the reference images are hosted",
      ["Mainland", "Oversea", "OverseaUSWest"],
    ],
    ["--panorama", "a 3D panorama (Hunyuan): model and prompt only"],
    ["--async", "submit a task and poll it (every 5 s) instead of waiting on one request"],
    [
      "--out <dir>",
      "where to write the images (default: the current directory); names are <task id>-<n>.<ext>",
    ],
    ["--force", "replace files of the same name (default: fail and name the file)"],
    [
      "--download-timeout <seconds>",
      "fail a download with no data for this long (default: 60)",
      "integer",
    ],
    [
      "--task <id>",
      "resume waiting for a task submitted earlier (its id, as printed) and save its images; no prompt",
    ],
    ["--json", "print the task (or result) and the written files as JSON"],
  ],
  examples: [
    "feedgate image 'a lighthouse at dawn, watercolour' --aspect 16:9 --async --out ./art",
    "feedgate image 'the same, brighter' --image https://example.com/ref.png --region Oversea",
    "feedgate image 'a product shot' --model GPT-image-2 --quality low --n 3",
    "feedgate image 'a mountain valley' --model Hunyuan-3d-2.0 --panorama",
    "feedgate image --task task_01HZX9 --out ./art",
  ],
  body: async () => (await import("./image-run.js")).runImage as Body,
};
