import { SHELLS, type Shell } from "../cli/completion.js";
import type { CommandSpec } from "./spec.js";

export const completion: CommandSpec = {
  name: "completion",
  description: "print a shell completion script: feedgate completion bash >> ~/.bashrc",
  args: [["<shell>", "the shell", undefined, SHELLS]],
  action: (program, runner) => async (shell: Shell) => {
    // Read from the program itself, every command registered: the script never drifts from it.
    const { completionScript } = await import("../cli/completion.js");
    runner.streams.stdout.write(completionScript(program, shell));
  },
};
