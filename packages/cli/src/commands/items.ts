import { Option, type Command } from "commander";
import type { ItemsResponse } from "@feedgate/feed-client";
import type { CommandContext } from "../cli/context.js";
import { step, UsageError } from "../cli/errors.js";
import { integerArg } from "../cli/parse.js";
import type { Wire } from "../cli/wire.js";
import { examples } from "../program.js";
import { StatusLine } from "../render/progress.js";
import { renderItems } from "../render/items.js";
import { feedServices } from "../services/index.js";
import type { ItemsQueryInput } from "../services/types.js";
import { cleanForTerminal } from "../cli/terminal-safe.js";

export interface ItemsOptions {
  mode?: "selected" | "all";
  category?: string;
  window?: "24h" | "7d";
  by?: "timeline" | "published";
  q?: string;
  /** Items per page asked of the service (1–100). */
  pageSize?: number;
  /** Items printed at most, across pages (as `gh --limit`). */
  limit?: number;
  all?: boolean;
  maxPages?: number;
  json?: boolean;
}

/**
 * `feedgate items`: one page; with `--limit N` as many pages as it takes to print N items;
 * with `--all` every page. Paged output is written as each page arrives, and a progress line
 * on a terminal's stderr counts pages, items and restarts.
 */
export async function runItems(ctx: CommandContext, options: ItemsOptions): Promise<void> {
  const { out } = ctx;
  for (const [flag, value] of [["--limit", options.limit], ["--max-pages", options.maxPages]] as const) {
    if (value !== undefined && value < 1) throw new UsageError(`${flag} must be at least 1, got ${value}`);
  }
  const query: ItemsQueryInput = { mode: options.mode, category: options.category, window: options.window, by: options.by, q: options.q, limit: options.pageSize };
  const paging = options.all === true || options.limit !== undefined;
  const cap = options.limit ?? Number.POSITIVE_INFINITY;
  const progress = paging && out.animate ? new StatusLine(out) : undefined;
  let first: ItemsResponse | undefined;
  let last: (ItemsResponse & { restarts: number }) | undefined;
  let pages = 0;
  let printed = 0;
  let selected = 0;
  try {
    await step(paging ? "items (paged)" : "items", async () => {
      for await (const page of feedServices(ctx).items(query, paging, ctx.signal, options.maxPages)) {
        pages += 1;
        first ??= page;
        last = page;
        const items = page.items.slice(0, Math.max(0, cap - printed));
        printed += items.length;
        selected += items.filter((i) => i.selected).length;
        if (out.json) {
          // One page: the service's document. Paged: one item per line (NDJSON), as they come.
          if (!paging) out.data(Object.fromEntries(Object.entries(page).filter(([k]) => k !== "restarts")));
          else for (const item of items) out.data(item);
        } else {
          progress?.done();
          const rows = renderItems(cleanForTerminal(items), out, page.query.by, pages === 1);
          if (rows !== "") out.print(rows);
        }
        progress?.set(`items: ${pages} page${pages === 1 ? "" : "s"}, ${printed} items${page.restarts ? `, ${page.restarts} restart${page.restarts === 1 ? "" : "s"}` : ""}…`);
        if (printed >= cap) break;
      }
    });
  } finally {
    progress?.done();
  }
  if (!first || !last || out.json) return;
  // What was shown and why it ended, on stderr: stdout stays data only (for pipes).
  const why = printed >= cap && last.page.hasMore ? `; stopped at --limit ${cap}` : !paging && last.page.hasMore ? "; more available: add --all, or --limit N" : "";
  const restarts = last.restarts ? ` (${last.restarts} cursor restart${last.restarts === 1 ? "" : "s"})` : "";
  out.note(out.errColor.dim(`${printed} items in ${pages} page${pages === 1 ? "" : "s"}${restarts}${why} · ${selected} selected · mode ${first.query.mode}, window ${first.query.window}, by ${first.query.by}${first.query.q ? `, q "${first.query.q}"` : ""}`));
}

export function registerItems(program: Command, wire: Wire): void {
  const command = program
    .command("items")
    .description("recent items: one page, --limit N items across pages, or every page with --all")
    .addOption(new Option("--mode <mode>", "editorial picks or everything listed").choices(["selected", "all"]))
    .option("--category <key>", "one category (e.g. ai-models, ai-products, industry, paper, tip)")
    .addOption(new Option("--window <window>", "how far back").choices(["24h", "7d"]))
    .addOption(new Option("--by <order>", "sort by the site's timeline or by publication time").choices(["timeline", "published"]))
    .option("--q <text>", "search text, 2 to 200 characters")
    .addOption(new Option("--limit <n>", "print at most n items, fetching pages as needed (as gh does)").argParser(integerArg))
    .addOption(new Option("--page-size <n>", "items per request, 1 to 100 (service default 50)").argParser(integerArg))
    .option("--all", "fetch every page (restarts transparently when a cursor expires)")
    .addOption(new Option("--max-pages <n>", "stop a paged walk after n pages (default 1000)").argParser(integerArg))
    .option("--json", "one page: the service's JSON document; --all or --limit: one item per line (NDJSON)")
    .action(wire.action<ItemsOptions>((ctx, options) => runItems(ctx, options)));
  examples(command, [
    "feedgate items",
    "feedgate items --limit 200",
    "feedgate items --mode all --window 24h --all",
    "feedgate items --q 'open source' --by published --page-size 20",
    "feedgate items --category paper --all --json | jq .title",
  ]);
}
