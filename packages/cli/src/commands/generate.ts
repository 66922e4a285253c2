import type { Command } from "commander";
import { DEFAULT_MODEL } from "../cli/config.js";
import { examples } from "../cli/help.js";
import type { Runner } from "../cli/runner.js";

export function registerGenerate(program: Command, runner: Runner): void {
  const command = program
    .command("generate")
    .description(
      "ask a model through the gateway's contents-based (Gemini-style) generateContent route: prints the text, writes any images like `feedgate image`",
    )
    .argument("<prompt>", "the input text")
    .option("--model <model>", `model (env FEEDGATE_MODEL; default ${DEFAULT_MODEL})`)
    .option("--images", "ask for images too (responseModalities TEXT and IMAGE)")
    .option("--stream", "stream the answer (streamGenerateContent): text printed as it arrives")
    .option(
      "--out <dir>",
      "where to write the images (default: the current directory); names are <response id>-<n>.<ext>",
    )
    .option("--force", "replace files of the same name (default: fail and name the file)")
    .option("--json", "print the answer (inline image data left out) and the written files as JSON")
    .action(runner.lazy(() => import("./generate-run.js"), "runGenerate"));
  examples(command, [
    "feedgate generate 'Explain ETags in one line'",
    "feedgate generate 'a lighthouse at dawn' --model Nano-Banana2 --images --out ./art",
    "feedgate generate 'Write a haiku' --stream",
  ]);
}
