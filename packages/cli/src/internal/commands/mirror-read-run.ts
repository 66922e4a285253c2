import type { StoreFilter } from "@feedgate/kit/mirror";
import { readFileStore } from "@feedgate/kit/node";
import { StepFailure, step, UsageError } from "../cli/errors.js";
import type { Body, CommandContext } from "../cli/runner.js";
import { type StoreOptions, type StoreRef, storeRefOf } from "../cli/store-ref.js";
import { cleanForTerminal } from "../cli/terminal-safe.js";
import { formatUtc } from "../render/time.js";
import { table } from "../render/ui.js";
import type { COMMANDS } from "./index.js";
import type { OptionsOf } from "./spec.js";

type MirrorReadOptions = OptionsOf<typeof COMMANDS.mirror.subcommands.ls>;

/** The fields of a mirrored item that the read commands look at (both projections have them). */
interface Mirrored {
  id: string;
  title?: string | null;
  summary?: string | null;
  category?: string | null;
  publishedAt?: string | null;
  discoveredAt?: string | null;
  source?: { name?: string } | null;
  links?: { aihot?: string; original?: string } | null;
}

const timeOf = (item: Mirrored) => item.publishedAt ?? item.discoveredAt ?? "";

/**
 * A mirror opened to read (`mirror ls/show/export`, `mcp`'s search_local): a directory's copy,
 * read without its lock, or a fleet's PostgreSQL store, read-only (SELECT alone is enough).
 */
export async function openMirror(ref: StoreRef) {
  if (ref.kind === "postgres") {
    const { openPostgresStore } = await import("@feedgate/postgres");
    const store = await step("opening the mirror", () =>
      openPostgresStore({ url: ref.url, readOnly: true }),
    );
    return { shown: ref.shown, store };
  }
  const view = await readFileStore(ref.dir).catch((error: { code?: string }) => {
    if (error.code === "ENOSTORE" || error.code === "ENOENT")
      throw new UsageError(
        `${ref.dir} holds no mirror`,
        `create one with 'feedgate mirror ${ref.dir}'`,
      );
    throw new StepFailure("reading the mirror", error);
  });
  // The reads of the PostgreSQL store, over the copy read once.
  const store = {
    getState: async () => view.state,
    count: async () => view.count,
    get: async (id: string) => view.get(id),
    async *iterate(filter?: StoreFilter) {
      yield* view.select(filter);
    },
    close: async () => {},
  };
  return { shown: view.dir, store };
}

/** The mirror `dir` (or the store options) names, opened, with its count and cursor. */
async function open(ctx: CommandContext, dir: string | undefined, options: StoreOptions) {
  const { shown, store } = await openMirror(
    await storeRefOf(dir, options, ctx.env, ctx.out, ctx.stdin),
  );
  const { cursor } = await store.getState();
  return { shown, store, count: await store.count(), cursor };
}

/** The copy (closed once read) and the items that `options` select, newest first. */
async function selected(ctx: CommandContext, dir: string | undefined, options: MirrorReadOptions) {
  const view = await open(ctx, dir, options);
  const filter = { category: options.category, since: sinceOf(options.since), q: options.q };
  const items: Mirrored[] = [];
  try {
    for await (const item of view.store.iterate(filter)) items.push(item as Mirrored);
  } finally {
    await view.store.close();
  }
  return { view, items };
}

function sinceOf(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const since = Date.parse(value);
  if (Number.isNaN(since))
    throw new UsageError(
      `--since must be an ISO 8601 date or date-time, e.g. 2026-11-20 or 2026-11-20T08:00:00Z; got ${JSON.stringify(value)}`,
    );
  return new Date(since);
}

/** `feedgate mirror ls DIR`: the local copy as a table (tab-separated in a pipe), filtered. */
export const runMirrorLs: Body<MirrorReadOptions> = async (ctx, options, dir?: string) => {
  const { view, items } = await selected(ctx, dir, options);
  const { out } = ctx;
  if (out.json) out.data(items);
  else if (options.ndjson) for (const item of items) out.data(item);
  else {
    const t = table(out, ["Time", "Title", "Category", "Id"], [22, "flex", 13, 38]);
    for (const item of cleanForTerminal(items))
      t.push([
        timeOf(item) ? formatUtc(timeOf(item)) : "-",
        item.title ?? "",
        item.category ?? "-",
        item.id,
      ]);
    if (items.length > 0) out.print(t.toString());
  }
  out.note(
    out.errColor.dim(
      `${items.length} of ${view.count} items · ${view.shown} · cursor ${view.cursor ?? "none"}`,
    ),
  );
};

/** `feedgate mirror show DIR ID`: one item of the local copy. */
export const runMirrorShow: Body<MirrorReadOptions> = async (ctx, options, dir, id) => {
  const view = await open(ctx, dir, options);
  const item = (await view.store.get(id).finally(() => view.store.close())) as Mirrored | undefined;
  if (item === undefined)
    throw new StepFailure(
      `mirror show ${id}`,
      new Error(`no item ${id} in the mirror at ${view.shown} (${view.count} items)`),
    );
  const { out } = ctx;
  if (out.json) {
    out.data(item);
    return;
  }
  const safe = cleanForTerminal(item);
  const c = out.color;
  out.print(c.bold(safe.title ?? safe.id));
  if (safe.summary) out.print(safe.summary);
  out.print("");
  const rows: Array<[string, string | null | undefined]> = [
    ["id", safe.id],
    ["category", safe.category],
    ["published", safe.publishedAt && formatUtc(safe.publishedAt)],
    ["discovered", safe.discoveredAt && formatUtc(safe.discoveredAt)],
    ["source", safe.source?.name],
    ["link", safe.links?.aihot],
    ["original", safe.links?.original],
  ];
  for (const [name, value] of rows) if (value) out.print(`${c.dim(name.padEnd(11))}${value}`);
};

/** `feedgate mirror export DIR`: every (filtered) item, NDJSON by default, or one JSON array with --json. */
export const runMirrorExport: Body<MirrorReadOptions> = async (ctx, options, dir?: string) => {
  const { view, items } = await selected(ctx, dir, options);
  if (ctx.out.json) ctx.out.data(items);
  else for (const item of items) ctx.out.data(item);
  ctx.out.note(ctx.out.errColor.dim(`exported ${items.length} of ${view.count} items`));
};
