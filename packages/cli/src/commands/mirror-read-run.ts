import { readFileStore, type FileStoreView } from "@feedgate/kit/node";
import type { CommandContext } from "../cli/context.js";
import { StepFailure, UsageError } from "../cli/errors.js";
import { cleanForTerminal } from "../cli/terminal-safe.js";
import { formatUtc } from "../render/time.js";
import { table } from "../render/ui.js";

export interface MirrorReadOptions {
  category?: string;
  /** Items published (else discovered) at or after this time (ISO 8601 date or date-time). */
  since?: string;
  /** Case-insensitive text to find in the title or summary. */
  q?: string;
  json?: boolean;
  ndjson?: boolean;
}

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

async function open(dir: string): Promise<FileStoreView> {
  try {
    return await readFileStore(dir);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOSTORE" || code === "ENOENT") throw new UsageError(`${dir} holds no mirror: create one with 'feedgate mirror ${dir}'`);
    throw new StepFailure("reading the mirror", error);
  }
}

/** The items that pass the filters, newest first; the filters map to the item's own fields. */
function select(view: FileStoreView, options: MirrorReadOptions): Mirrored[] {
  let since: number | undefined;
  if (options.since !== undefined) {
    since = Date.parse(options.since);
    if (Number.isNaN(since)) throw new UsageError(`--since must be an ISO 8601 date or date-time, e.g. 2026-11-20 or 2026-11-20T08:00:00Z; got ${JSON.stringify(options.since)}`);
  }
  const q = options.q?.trim().toLowerCase();
  const out: Mirrored[] = [];
  for (const item of view.items() as IterableIterator<Mirrored>) {
    if (options.category !== undefined && item.category !== options.category) continue;
    if (since !== undefined && !(Date.parse(timeOf(item)) >= since)) continue;
    if (q && !`${item.title ?? ""}\n${item.summary ?? ""}`.toLowerCase().includes(q)) continue;
    out.push(item);
  }
  return out.sort((a, b) => timeOf(b).localeCompare(timeOf(a)) || b.id.localeCompare(a.id));
}

/** `feedgate mirror ls DIR`: the local copy as a table (tab-separated in a pipe), filtered. */
export async function runMirrorLs(ctx: CommandContext, options: MirrorReadOptions, dir: string): Promise<void> {
  const view = await open(dir);
  const items = select(view, options);
  const { out } = ctx;
  if (out.json) out.data(items);
  else if (options.ndjson) for (const item of items) out.data(item);
  else {
    const t = table(out, ["Time", "Title", "Category", "Id"], [22, "flex", 13, 38]);
    for (const item of cleanForTerminal(items)) t.push([timeOf(item) ? formatUtc(timeOf(item)) : "-", item.title ?? "", item.category ?? "-", item.id]);
    if (items.length > 0) out.print(t.toString());
  }
  ctx.out.note(ctx.out.errColor.dim(`${items.length} of ${view.count} items · ${view.dir} · cursor ${view.state.cursor ?? "none"}`));
}

/** `feedgate mirror show DIR ID`: one item of the local copy. */
export async function runMirrorShow(ctx: CommandContext, _options: MirrorReadOptions, dir: string, id: string): Promise<void> {
  const view = await open(dir);
  const item = view.get(id) as Mirrored | undefined;
  if (item === undefined) throw new StepFailure(`mirror show ${id}`, new Error(`no item ${id} in the mirror at ${view.dir} (${view.count} items)`));
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
}

/** `feedgate mirror export DIR`: every (filtered) item, NDJSON by default, or one JSON array with --json. */
export async function runMirrorExport(ctx: CommandContext, options: MirrorReadOptions, dir: string): Promise<void> {
  const view = await open(dir);
  const items = select(view, options);
  if (ctx.out.json) ctx.out.data(items);
  else for (const item of items) ctx.out.data(item);
  ctx.out.note(ctx.out.errColor.dim(`exported ${items.length} of ${view.count} items`));
}
