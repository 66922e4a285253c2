import type { Command } from "commander";
import { DEFAULT_MODEL } from "../cli/config.js";
import { examples } from "../cli/help.js";
import type { Runner } from "../cli/runner.js";

export function registerRespond(program: Command, runner: Runner): void {
  const command = program
    .command("respond")
    .description(
      "ask a model through the gateway's Responses API; --stream prints the text as it arrives (Ctrl-C cancels)",
    )
    .argument("<prompt>", "the input text")
    .option("--model <model>", `model (env FEEDGATE_MODEL; default ${DEFAULT_MODEL})`)
    .option("--stream", "stream the answer as it is generated")
    .option("--json", "print the Response object (with --stream: one JSON line per event)")
    .action(runner.lazy(() => import("./respond-run.js"), "runRespond"));
  examples(command, [
    "feedgate respond 'Summarise the news in one line'",
    "feedgate respond 'Write a haiku' --stream",
    "feedgate respond 'Hello' --model gpt-4.1-mini --json",
  ]);
}
