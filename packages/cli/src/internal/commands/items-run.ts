import type { ItemsQuery, ItemsResponse } from "@feedgate/feed-client";
import { step, UsageError } from "../cli/errors.js";
import { feedKitOf } from "../cli/feed-kit.js";
import type { Body } from "../cli/runner.js";
import { excerpt } from "../cli/terminal-safe.js";
import { renderItems } from "../render/items.js";
import { StatusLine } from "../render/progress.js";
import { ITEM, renderable } from "../render/shapes.js";
import type { COMMANDS } from "./index.js";
import type { OptionsOf } from "./spec.js";

type ItemsOptions = OptionsOf<typeof COMMANDS.items>;

/**
 * `feedgate items`: one page; with `--limit N` as many pages as it takes to print N items;
 * with `--all` every page. Paged output is written as each page arrives, and a progress line
 * on a terminal's stderr counts pages, items and restarts.
 */
export const runItems: Body<ItemsOptions> = async (ctx, options) => {
  const { out } = ctx;
  for (const [flag, value] of Object.entries({
    "--limit": options.limit,
    "--max-pages": options.maxPages,
  }))
    if (value !== undefined && value < 1)
      throw new UsageError(`${flag} must be at least 1, got ${value}`);
  // Only the flags given: the service's defaults apply to the rest.
  const query: ItemsQuery = Object.fromEntries(
    Object.entries({
      mode: options.mode,
      category: options.category,
      window: options.window,
      by: options.by,
      q: options.q,
      limit: options.pageSize,
    }).filter(([, value]) => value !== undefined),
  );
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
      const { maxPages } = options;
      const walk = feedKitOf(ctx).iterateItemPages(query, {
        signal: ctx.signal,
        ...(maxPages === undefined ? {} : { maxPages }),
      });
      for await (const kitPage of walk) {
        // The kit drops ids already yielded after a transparent restart: the page says so.
        const page = {
          ...kitPage.data,
          items: kitPage.items,
          page: { ...kitPage.data.page, count: kitPage.items.length },
          restarts: kitPage.restarts,
        };
        pages += 1;
        first ??= page;
        last = page;
        const items = page.items.slice(0, Math.max(0, cap - printed));
        printed += items.length;
        selected += items.filter((i) => i.selected).length;
        if (out.json) {
          // One page: the service's document. Paged: one item per line (NDJSON), as they come.
          if (!paging)
            out.data(Object.fromEntries(Object.entries(page).filter(([k]) => k !== "restarts")));
          else for (const item of items) out.data(item);
        } else {
          progress?.done();
          const rows = renderItems(
            renderable(items, [ITEM], "items"),
            out,
            page.query?.by === "published" ? "published" : "timeline",
            pages === 1,
          );
          if (rows !== "") out.print(rows);
        }
        progress?.set(
          `items: ${pages} page${pages === 1 ? "" : "s"}, ${printed} items${page.restarts ? `, ${page.restarts} restart${page.restarts === 1 ? "" : "s"}` : ""}…`,
        );
        if (printed >= cap || !paging) break;
      }
    });
  } finally {
    progress?.done();
  }
  if (!first || !last || out.json) return;
  // What was shown and why it ended, on stderr: stdout stays data only (for pipes).
  let why = "";
  if (printed >= cap && last.page.hasMore) why = `; stopped at --limit ${cap}`;
  else if (!paging && last.page.hasMore) why = "; more available: add --all, or --limit N";
  const restarts = last.restarts
    ? ` (${last.restarts} cursor restart${last.restarts === 1 ? "" : "s"})`
    : "";
  out.note(
    out.errColor.dim(
      `${printed} items in ${pages} page${pages === 1 ? "" : "s"}${restarts}${why} · ${selected} selected · mode ${excerpt(first.query?.mode ?? "-")}, window ${excerpt(first.query?.window ?? "-")}, by ${excerpt(first.query?.by ?? "-")}${first.query?.q ? `, q "${excerpt(first.query.q)}"` : ""}`,
    ),
  );
};
