import { FEED_RULES } from "@feedgate/feed-client/rules";
import type { Body } from "../cli/runner.js";
import type { CommandSpec } from "./spec.js";

/** The items operation's parameters: choices, bounds and category keys as the feed document declares them. */
const { mode, window, by, q, limit, category } = FEED_RULES.operations.items.params;

export const items: CommandSpec = {
  name: "items",
  description: "recent items: one page, --limit N items across pages, or every page with --all",
  options: [
    ["--mode <mode>", "editorial picks or everything listed", mode.enum],
    ["--category <key>", `one category (e.g. ${category.examples.join(", ")})`],
    ["--window <window>", "how far back", window.enum],
    ["--by <order>", "sort by the site's timeline or by publication time", by.enum],
    ["--q <text>", `search text, ${q.minLength} to ${q.maxLength} characters`],
    ["--limit <n>", "print at most n items, fetching pages as needed (as gh does)", "integer"],
    [
      "--page-size <n>",
      `items per request, ${limit.minimum} to ${limit.maximum} (service default ${limit.default})`,
      "integer",
    ],
    ["--all", "fetch every page (restarts transparently when a cursor expires)"],
    ["--max-pages <n>", "stop a paged walk after n pages (default 1000)", "integer"],
    [
      "--json",
      "one page: the service's JSON document; --all or --limit: one item per line (NDJSON)",
    ],
  ],
  examples: [
    "feedgate items",
    "feedgate items --limit 200",
    "feedgate items --mode all --window 24h --all",
    "feedgate items --q 'open source' --by published --page-size 20",
    "feedgate items --category paper --all --json | jq .title",
  ],
  body: async () => (await import("./items-run.js")).runItems as Body,
};
