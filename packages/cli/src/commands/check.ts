import type { Command } from "commander";
import { examples } from "../cli/help.js";
import { secondsArg } from "../cli/parse.js";
import type { Runner } from "../cli/runner.js";
import { DEFAULT_TIMEOUT_SECONDS } from "./check-probes.js";

export function registerCheck(program: Command, runner: Runner): void {
  const command = program
    .command("check")
    .description(
      "compare the live services with their documents: status, the headers the kit relies on, and body; a drift report, exit 1 on drift",
    )
    .option(
      "--live",
      "call the services (each read-only feed operation once; the gateway's free ones with --gateway-url)",
    )
    .option(
      "--spend",
      "also one minimal billed gateway call per family (a streamed response, a streamed Gemini answer)",
    )
    .option(
      "--timeout <seconds>",
      `the most any one call may take (default ${DEFAULT_TIMEOUT_SECONDS})`,
      secondsArg,
    )
    .option("--json", "print the report as one JSON document")
    .action(runner.lazy(() => import("./check-run.js"), "runCheck"));
  examples(command, [
    "feedgate check --live",
    "feedgate check --live --feed-url http://127.0.0.1:4010 --json",
    "FEEDGATE_API_KEY=… feedgate check --live --gateway-url https://omnirouters.com",
  ]);
}
