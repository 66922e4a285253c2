import { Argument, type Command, Option } from "commander";
import { examples } from "../cli/help.js";
import { portArg } from "../cli/parse.js";
import type { Runner } from "../cli/runner.js";

export function registerMock(program: Command, runner: Runner): void {
  const command = program
    .command("mock")
    .description(
      "run the seeded fake feed and/or gateway servers on 127.0.0.1 until Ctrl-C, printing their URLs",
    )
    .addArgument(
      new Argument("[which]", "which fake to run")
        .choices(["feed", "gateway", "all"])
        .default("all"),
    )
    .option(
      "--port <n>",
      "the feed fake on port n, the gateway fake on n+1 (default: free ports)",
      portArg,
    )
    .option("--feed-port <n>", "the feed fake's port", portArg)
    .option("--gateway-port <n>", "the gateway fake's port", portArg)
    .option(
      "--replay <file>",
      "answer the requests a HAR file holds with their recorded answers (checked against the documents on load)",
    )
    .addOption(
      new Option("--replay-speed <speed>", "recorded streams: at once, or at their recorded pace")
        .choices(["instant", "recorded"])
        .default("instant"),
    )
    .option("--json", "print the URLs as one JSON document")
    // Loaded on use: the fake servers are not needed by any other command.
    .action(runner.lazy(() => import("../demo/mock-run.js"), "runMock"));
  examples(command, [
    "feedgate mock",
    "feedgate mock --port 4010",
    "feedgate mock feed",
    "feedgate mock --replay calls.har --replay-speed recorded",
    "FEEDGATE_API_KEY=sk-test feedgate mock gateway",
  ]);
}
