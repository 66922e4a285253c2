import type { Body } from "../cli/runner.js";
import type { CommandSpec } from "./spec.js";

export const hot: CommandSpec = {
  name: "hot",
  description: "the current top 10 hot topics as a table (rank, title, sources, latest time)",
  options: [
    ["--watch", "keep watching; redraw only when the list changes (JSON lines with --json)"],
    [
      "--interval <seconds>",
      "seconds between polls when watching (default: 60, the feed's cadence; never under s-maxage)",
      "seconds",
    ],
    ["--json", "print the service's JSON document (one per version when watching)"],
  ],
  examples: ["feedgate hot", "feedgate hot --watch", "feedgate hot --json | jq '.items[].title'"],
  body: async () => (await import("./hot-run.js")).runHot as Body,
};
