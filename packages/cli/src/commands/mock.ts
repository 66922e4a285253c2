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
    .addOption(
      new Option(
        "--port <n>",
        "the feed fake on port n, the gateway fake on n+1 (default: free ports)",
      ).argParser(portArg),
    )
    .addOption(new Option("--feed-port <n>", "the feed fake's port").argParser(portArg))
    .addOption(new Option("--gateway-port <n>", "the gateway fake's port").argParser(portArg))
    .option("--json", "print the URLs as one JSON document")
    // Loaded on use: the fake servers are not needed by any other command.
    .action(runner.lazy(() => import("../demo/mock-run.js"), "runMock"));
  examples(command, [
    "feedgate mock",
    "feedgate mock --port 4010",
    "feedgate mock feed",
    "FEEDGATE_API_KEY=sk-test feedgate mock gateway",
  ]);
}
