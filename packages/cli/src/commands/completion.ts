import { Argument, type Command } from "commander";
import { SHELLS, type Shell } from "../cli/completion.js";
import type { Runner } from "../cli/runner.js";

export function registerCompletion(program: Command, runner: Runner): void {
  program
    .command("completion")
    .description("print a shell completion script: feedgate completion bash >> ~/.bashrc")
    .addArgument(new Argument("<shell>", "the shell").choices(SHELLS))
    .action(async (shell: Shell) => {
      // Read from the program itself, every command registered: the script never drifts from it.
      const { completionScript } = await import("../cli/completion.js");
      runner.streams.stdout.write(completionScript(program, shell));
    });
}
