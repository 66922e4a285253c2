import type { Command } from "commander";

/** Adds examples to a command's help. */
export function examples(command: Command, lines: string[]): Command {
  return command.addHelpText("after", `\nExamples:\n${lines.map((l) => `  $ ${l}`).join("\n")}`);
}
