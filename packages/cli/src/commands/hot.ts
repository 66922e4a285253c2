import type { Command } from "commander";
import { examples } from "../cli/help.js";
import { secondsArg } from "../cli/parse.js";
import type { Runner } from "../cli/runner.js";

export function registerHot(program: Command, runner: Runner): void {
  const command = program
    .command("hot")
    .description("the current top 10 hot topics as a table (rank, title, sources, latest time)")
    .option("--watch", "keep watching; redraw only when the list changes (JSON lines with --json)")
    .option(
      "--interval <seconds>",
      "seconds between polls when watching (default: 60, the feed's cadence; never under s-maxage)",
      secondsArg,
    )
    .option("--json", "print the service's JSON document (one per version when watching)")
    .action(runner.lazy(() => import("./hot-run.js"), "runHot"));
  examples(command, [
    "feedgate hot",
    "feedgate hot --watch",
    "feedgate hot --json | jq '.items[].title'",
  ]);
}
