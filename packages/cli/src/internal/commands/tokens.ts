import { DEFAULT_MODEL } from "../cli/config.js";
import type { Body } from "../cli/runner.js";
import type { CommandSpec } from "./spec.js";

export const tokens: CommandSpec = {
  name: "tokens",
  description: "count the input tokens of a text for a model",
  args: [["[text]", "the text to count (or --file)"]],
  options: [
    ["--file <path>", "read the text from a file"],
    [
      "--model <model>",
      `model to count for (env FEEDGATE_MODEL; default ${DEFAULT_MODEL}, as respond)`,
    ],
    [
      "--protocol <protocol>",
      "which counting endpoint: OpenAI-style responses or Anthropic-style messages",
      ["responses", "messages"],
      "responses",
    ],
    ["--json", "print the gateway's JSON answer"],
  ],
  examples: [
    "feedgate tokens 'How long is this?' --model gpt-5.2",
    "feedgate tokens --file prompt.txt --model claude-sonnet-4-5 --protocol messages",
  ],
  body: async () => (await import("./tokens-run.js")).runTokens as Body,
};
