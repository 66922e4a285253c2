import type { Body } from "../cli/runner.js";
import type { CommandSpec } from "./spec.js";

export const daily: CommandSpec = {
  name: "daily",
  description: "a daily report: the latest, or the one of a date",
  args: [["[date]", "latest, or a date as YYYY-MM-DD", "latest"]],
  options: [["--json", "print the service's JSON document"]],
  examples: ["feedgate daily", "feedgate daily 2026-10-04", "feedgate daily latest --json"],
  body: async () => (await import("./daily-run.js")).runDaily as Body,
};

export const dailies: CommandSpec = {
  name: "dailies",
  description: "the index of daily reports, newest first",
  options: [
    ["--limit <n>", "how many, 1 to 180 (service default 30)", "integer"],
    ["--json", "print the service's JSON document"],
  ],
  examples: ["feedgate dailies", "feedgate dailies --limit 7 --json"],
  body: async () => (await import("./daily-run.js")).runDailies as Body,
};
