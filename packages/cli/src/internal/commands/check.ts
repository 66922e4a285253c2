import { CHECK_TIMEOUT_SECONDS } from "../cli/config.js";
import type { Body } from "../cli/runner.js";
import type { CommandSpec } from "./spec.js";

export const check: CommandSpec = {
  name: "check",
  description:
    "compare the live services with their documents: status, the headers the kit relies on, and body; a drift report, exit 1 on drift",
  options: [
    [
      "--live",
      "call the services (each read-only feed operation once; the gateway's free ones with --gateway-url)",
    ],
    [
      "--spend",
      "also one minimal billed gateway call per family (a streamed response, a streamed Gemini answer)",
    ],
    [
      "--timeout <seconds>",
      `the most any one call may take (default ${CHECK_TIMEOUT_SECONDS})`,
      "seconds",
    ],
    ["--json", "print the report as one JSON document"],
  ],
  examples: [
    "feedgate check --live",
    "feedgate check --live --feed-url http://127.0.0.1:4010 --json",
    "FEEDGATE_API_KEY=… feedgate check --live --gateway-url https://omnirouters.com",
  ],
  body: async () => (await import("./check-run.js")).runCheck as Body,
};
