import { type Command, Option } from "commander";
import { DEFAULT_MODEL } from "../cli/config.js";
import { examples } from "../cli/help.js";
import type { Runner } from "../cli/runner.js";

export function registerTokens(program: Command, runner: Runner): void {
  const command = program
    .command("tokens")
    .description("count the input tokens of a text for a model")
    .argument("[text]", "the text to count (or --file)")
    .option("--file <path>", "read the text from a file")
    .option(
      "--model <model>",
      `model to count for (env FEEDGATE_MODEL; default ${DEFAULT_MODEL}, as respond)`,
    )
    .addOption(
      new Option(
        "--protocol <protocol>",
        "which counting endpoint: OpenAI-style responses or Anthropic-style messages",
      )
        .choices(["responses", "messages"])
        .default("responses"),
    )
    .option("--json", "print the gateway's JSON answer")
    .action(runner.lazy(() => import("./tokens-run.js"), "runTokens"));
  examples(command, [
    "feedgate tokens 'How long is this?' --model gpt-5.2",
    "feedgate tokens --file prompt.txt --model claude-sonnet-4-5 --protocol messages",
  ]);
}
