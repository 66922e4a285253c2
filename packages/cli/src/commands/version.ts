import type { Command } from "commander";
import type { Runner } from "../cli/runner.js";
import { VERSION } from "../version.js";

export function registerVersion(program: Command, runner: Runner): void {
  program
    .command("version")
    .description("print the version")
    .action(() => void runner.streams.stdout.write(`${VERSION}\n`));
}
