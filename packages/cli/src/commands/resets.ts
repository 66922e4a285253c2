import type { Command } from "commander";
import { examples } from "../cli/help.js";
import { secondsArg } from "../cli/parse.js";
import type { Runner } from "../cli/runner.js";

export function registerResets(program: Command, runner: Runner): void {
  const command = program
    .command("resets")
    .description(
      "the reset calendar in Beijing time (UTC+8): status, schedule, confirmation and source quotes",
    )
    .option(
      "--recent",
      "only the last 7 days and open events (a few KB instead of the full history)",
    )
    .option("--watch", "keep watching; print added, changed and withdrawn events as they happen")
    .option(
      "--interval <seconds>",
      "seconds between polls when watching (default 300; never faster than the service's s-maxage)",
      secondsArg,
    )
    .option(
      "--json",
      "print the service's JSON document (JSON lines when watching: the calendar, then one line per change)",
    )
    .action(runner.lazy(() => import("./resets-run.js"), "runResets"));
  examples(command, [
    "feedgate resets",
    "feedgate resets --recent --watch",
    "feedgate resets --recent --watch --json | jq -c 'select(.type != \"calendar\")'",
  ]);
}
