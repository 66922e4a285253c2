import type { Command } from "commander";
import { examples } from "../cli/help.js";
import { integerArg } from "../cli/parse.js";
import type { Runner } from "../cli/runner.js";

export function registerDaily(program: Command, runner: Runner): void {
  const daily = program
    .command("daily")
    .description("a daily report: the latest, or the one of a date")
    .argument("[date]", "latest, or a date as YYYY-MM-DD", "latest")
    .option("--json", "print the service's JSON document")
    .action(runner.lazy(() => import("./daily-run.js"), "runDaily"));
  examples(daily, ["feedgate daily", "feedgate daily 2026-10-04", "feedgate daily latest --json"]);

  const dailies = program
    .command("dailies")
    .description("the index of daily reports, newest first")
    .option("--limit <n>", "how many, 1 to 180 (service default 30)", integerArg)
    .option("--json", "print the service's JSON document")
    .action(runner.lazy(() => import("./daily-run.js"), "runDailies"));
  examples(dailies, ["feedgate dailies", "feedgate dailies --limit 7 --json"]);
}
