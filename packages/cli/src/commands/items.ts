import { Option, type Command } from "commander";
import type { Item, ItemsResponse } from "@feedgate/feed-client";
import type { CommandContext } from "../cli/context.js";
import { step } from "../cli/errors.js";
import { integerArg } from "../cli/parse.js";
import type { Wire } from "../cli/wire.js";
import { examples } from "../program.js";
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
  limit?: number;
  all?: boolean;
  json?: boolean;
}

/** `feedgate items`: one page, or every page with `--all`. */
export async function runItems(ctx: CommandContext, options: ItemsOptions): Promise<void> {
  const { out } = ctx;
  const query: ItemsQueryInput = {
    mode: options.mode,
    category: options.category,
    window: options.window,
    by: options.by,
    q: options.q,
    limit: options.limit,
  };
  const items: Item[] = [];
  let first: ItemsResponse | undefined;
  let last: ItemsResponse | undefined;
  let pages = 0;
  await step(options.all ? "items (all pages)" : "items", async () => {
    for await (const page of feedServices(ctx).items(query, options.all === true, ctx.signal)) {
      pages += 1;
      first ??= page;
      last = page;
      items.push(...page.items);
      if (options.all && !out.json) out.verbose(`page ${pages}: ${page.items.length} items`);
    }
  });
  if (!first || !last) return;
  if (out.json) {
    // With --all, the pages are joined into one document of the same shape, fully paged.
    out.data(options.all ? { ...first, items, page: { count: items.length, hasMore: false, nextCursor: null } } : first);
    return;
  }
  out.print(renderItems(cleanForTerminal(items), out, first.query.by));
  const selected = items.filter((i) => i.selected).length;
  const tail = options.all
    ? `${items.length} items in ${pages} page${pages === 1 ? "" : "s"}`
    : `${items.length} items${last.page.hasMore ? "; more available: add --all for every page" : ""}`;
  out.print(out.color.dim(`${tail} · ${selected} selected · mode ${first.query.mode}, window ${first.query.window}, by ${first.query.by}${first.query.q ? `, q "${first.query.q}"` : ""}`));
}

export function registerItems(program: Command, wire: Wire): void {
  const command = program
    .command("items")
    .description("recent items: one page, or every page with --all")
    .addOption(new Option("--mode <mode>", "editorial picks or everything listed").choices(["selected", "all"]))
    .option("--category <key>", "one category (e.g. ai-models, ai-products, industry, paper, tip)")
    .addOption(new Option("--window <window>", "how far back").choices(["24h", "7d"]))
    .addOption(new Option("--by <order>", "sort by the site's timeline or by publication time").choices(["timeline", "published"]))
    .option("--q <text>", "search text, 2 to 200 characters")
    .addOption(new Option("--limit <n>", "items per page, 1 to 100 (service default 50)").argParser(integerArg))
    .option("--all", "fetch every page (restarts transparently when a cursor expires)")
    .option("--json", "print the service's JSON document (with --all: one document with every item)")
    .action(wire.action<ItemsOptions>((ctx, options) => runItems(ctx, options)));
  examples(command, [
    "feedgate items",
    "feedgate items --mode all --window 24h --all",
    "feedgate items --q 'open source' --by published --limit 20",
    "feedgate items --category paper --json",
  ]);
}
