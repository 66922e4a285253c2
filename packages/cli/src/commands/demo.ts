import type { Command } from "commander";
import { examples } from "../cli/help.js";
import type { Runner } from "../cli/runner.js";

export function registerDemo(program: Command, runner: Runner): void {
  const command = program
    .command("demo")
    .description(
      "the guided tour: starts embedded fake servers and runs every capability (under 30 s, nothing left running)",
    )
    // Loaded on use: the fake servers are not needed by any other command.
    .action(runner.lazy(() => import("../demo/run.js"), "runDemo"));
  examples(command, ["feedgate demo", "NO_COLOR=1 feedgate demo > demo.txt"]);
}
