import { FEED_RULES } from "@feedgate/feed-client/rules";
import type { Command } from "commander";
import { examples } from "../cli/help.js";
import { choice, integerArg } from "../cli/parse.js";
import type { Runner } from "../cli/runner.js";

/** The items operation's parameters: choices, bounds and category keys as the feed document declares them. */
const { mode, window, by, q, limit, category } = FEED_RULES.operations.items.params;

export function registerItems(program: Command, runner: Runner): void {
  const command = program
    .command("items")
    .description("recent items: one page, --limit N items across pages, or every page with --all")
    .addOption(choice("--mode <mode>", "editorial picks or everything listed", mode.enum))
    .option("--category <key>", `one category (e.g. ${category.examples.join(", ")})`)
    .addOption(choice("--window <window>", "how far back", window.enum))
    .addOption(
      choice("--by <order>", "sort by the site's timeline or by publication time", by.enum),
    )
    .option("--q <text>", `search text, ${q.minLength} to ${q.maxLength} characters`)
    .option(
      "--limit <n>",
      "print at most n items, fetching pages as needed (as gh does)",
      integerArg,
    )
    .option(
      "--page-size <n>",
      `items per request, ${limit.minimum} to ${limit.maximum} (service default ${limit.default})`,
      integerArg,
    )
    .option("--all", "fetch every page (restarts transparently when a cursor expires)")
    .option("--max-pages <n>", "stop a paged walk after n pages (default 1000)", integerArg)
    .option(
      "--json",
      "one page: the service's JSON document; --all or --limit: one item per line (NDJSON)",
    )
    .action(runner.lazy(() => import("./items-run.js"), "runItems"));
  examples(command, [
    "feedgate items",
    "feedgate items --limit 200",
    "feedgate items --mode all --window 24h --all",
    "feedgate items --q 'open source' --by published --page-size 20",
    "feedgate items --category paper --all --json | jq .title",
  ]);
}
