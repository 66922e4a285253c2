import type { Body } from "../cli/runner.js";
import type { CommandSpec } from "./spec.js";

export const resets: CommandSpec = {
  name: "resets",
  description:
    "the reset calendar in Beijing time (UTC+8): status, schedule, confirmation and source quotes",
  options: [
    ["--recent", "only the last 7 days and open events (a few KB instead of the full history)"],
    ["--watch", "keep watching; print added, changed and withdrawn events as they happen"],
    [
      "--interval <seconds>",
      "seconds between polls when watching (default 300; never faster than the service's s-maxage)",
      "seconds",
    ],
    [
      "--json",
      "print the service's JSON document (JSON lines when watching: the calendar, then one line per change)",
    ],
  ],
  examples: [
    "feedgate resets",
    "feedgate resets --recent --watch",
    "feedgate resets --recent --watch --json | jq -c 'select(.type != \"calendar\")'",
  ],
  body: async () => (await import("./resets-run.js")).runResets as Body,
};
