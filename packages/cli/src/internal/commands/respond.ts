import { DEFAULT_MODEL } from "../cli/config.js";
import type { Body } from "../cli/runner.js";
import type { CommandSpec } from "./spec.js";

/** The model option of the commands that ask a model (respond, generate). */
export const MODEL_OPTION = [
  "--model <model>",
  `model (env FEEDGATE_MODEL; default ${DEFAULT_MODEL})`,
] as const;

export const respond: CommandSpec = {
  name: "respond",
  description:
    "ask a model through the gateway's Responses API; --stream prints the text as it arrives (Ctrl-C cancels)",
  args: [["<prompt>", "the input text"]],
  options: [
    MODEL_OPTION,
    ["--stream", "stream the answer as it is generated"],
    ["--json", "print the Response object (with --stream: one JSON line per event)"],
  ],
  examples: [
    "feedgate respond 'Summarise the news in one line'",
    "feedgate respond 'Write a haiku' --stream",
    "feedgate respond 'Hello' --model gpt-4.1-mini --json",
  ],
  body: async () => (await import("./respond-run.js")).runRespond as Body,
};
