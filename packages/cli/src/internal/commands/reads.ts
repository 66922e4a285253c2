import type { CommandSpec } from "./spec.js";

/**
 * The feed's read commands: the ones the quick path (`cli/quick.ts`) runs without commander,
 * declared apart from the rest so that it loads nothing else.
 */
const INTERVAL = "--interval <seconds>";
const ID = "2dc37050-6375-45a7-8668-26d97fc0c333";
const DAILY_JSON = ["--json", "print the service's JSON document"] as const;

export const READS = {
  hot: {
    description: "the current top 10 hot topics as a table (rank, title, sources, latest time)",
    options: [
      ["--watch", "keep watching; redraw only when the list changes (JSON lines with --json)"],
      [
        INTERVAL,
        "seconds between polls when watching (default: 60, the feed's cadence; never under s-maxage)",
        "seconds",
      ],
      ["--json", "print the service's JSON document (one per version when watching)"],
    ],
    examples: ["feedgate hot", "feedgate hot --watch", "feedgate hot --json | jq '.items[].title'"],
  },
  story: {
    description:
      "a story: title, status, digest, timeline (newest first), storyline and related stories; follows merges",
    args: [["<id>", "a story public id, or a story URL such as a hot topic's links.story"]],
    options: [
      ["--watch", "keep watching; print each new version (merges followed; Ctrl-C to stop)"],
      [INTERVAL, "seconds between polls when watching (default: 60)", "seconds"],
      [
        "--json",
        "print the service's JSON document (plus a `merge` member: requested, surviving and merged ids); one per version when watching",
      ],
    ],
    examples: [
      `feedgate story ${ID}`,
      `feedgate story https://aihot.virxact.com/story/${ID}`,
      `feedgate story ${ID} --json`,
      `feedgate story ${ID} --watch --json`,
    ],
  },
  daily: {
    description: "a daily report: the latest, or the one of a date",
    args: [["[date]", "latest, or a date as YYYY-MM-DD", "latest"]],
    options: [DAILY_JSON],
    examples: ["feedgate daily", "feedgate daily 2026-10-04", "feedgate daily latest --json"],
  },
  dailies: {
    description: "the index of daily reports, newest first",
    options: [["--limit <n>", "how many, 1 to 180 (service default 30)", "integer"], DAILY_JSON],
    examples: ["feedgate dailies", "feedgate dailies --limit 7 --json"],
  },
  resets: {
    description:
      "the reset calendar in Beijing time (UTC+8): status, schedule, confirmation and source quotes",
    options: [
      ["--recent", "only the last 7 days and open events (a few KB instead of the full history)"],
      ["--watch", "keep watching; print added, changed and withdrawn events as they happen"],
      [
        INTERVAL,
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
  },
} as const satisfies Readonly<Record<string, CommandSpec>>;
