import type { Body } from "../cli/runner.js";
import type { CommandSpec } from "./spec.js";

export const mock: CommandSpec = {
  name: "mock",
  description:
    "run the seeded fake feed and/or gateway servers on 127.0.0.1 until Ctrl-C, printing their URLs",
  args: [["[which]", "which fake to run", "all", ["feed", "gateway", "all"]]],
  options: [
    [
      "--port <n>",
      "the feed fake on port n, the gateway fake on n+1 (default: free ports)",
      "port",
    ],
    ["--feed-port <n>", "the feed fake's port", "port"],
    ["--gateway-port <n>", "the gateway fake's port", "port"],
    [
      "--replay <file>",
      "answer the requests a HAR file holds with their recorded answers (checked against the documents on load)",
    ],
    [
      "--replay-speed <speed>",
      "recorded streams: at once, or at their recorded pace",
      ["instant", "recorded"],
      "instant",
    ],
    ["--json", "print the URLs as one JSON document"],
  ],
  examples: [
    "feedgate mock",
    "feedgate mock --port 4010",
    "feedgate mock feed",
    "feedgate mock --replay calls.har --replay-speed recorded",
    "FEEDGATE_API_KEY=sk-test feedgate mock gateway",
  ],
  // Loaded on use: the fake servers are not needed by any other command.
  body: async () => (await import("../demo/mock-run.js")).runMock as Body,
};
