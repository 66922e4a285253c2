import type { Body } from "../cli/runner.js";
import { MODEL_OPTION } from "./respond.js";
import type { CommandSpec } from "./spec.js";

export const generate: CommandSpec = {
  name: "generate",
  description:
    "ask a model through the gateway's contents-based (Gemini-style) generateContent route: prints the text, writes any images like `feedgate image`",
  args: [["<prompt>", "the input text"]],
  options: [
    MODEL_OPTION,
    ["--images", "ask for images too (responseModalities TEXT and IMAGE)"],
    ["--stream", "stream the answer (streamGenerateContent): text printed as it arrives"],
    [
      "--out <dir>",
      "where to write the images (default: the current directory); names are <response id>-<n>.<ext>",
    ],
    ["--force", "replace files of the same name (default: fail and name the file)"],
    ["--json", "print the answer (inline image data left out) and the written files as JSON"],
  ],
  examples: [
    "feedgate generate 'Explain ETags in one line'",
    "feedgate generate 'a lighthouse at dawn' --model Nano-Banana2 --images --out ./art",
    "feedgate generate 'Write a haiku' --stream",
  ],
  body: async () => (await import("./generate-run.js")).runGenerate as Body,
};
