import { invalidArgument } from "@feedgate/core";
import type { SelectedItem, StoreFilter } from "@feedgate/kit/mirror";
import { isHashedKey, jsonOf, keyOf, timeOf } from "./cells.js";
import type { StoreContext } from "./context.js";
import { itemOf } from "./rows.js";

/** A filter of the readers: each maps to an item field (and an index). The kit's `StoreFilter`. */
export type ItemFilter = StoreFilter;

/** Where a page of `query` ends; pass it back as `after` for the next page. */
export interface ItemPageCursor {
  /** The last item's sort time (published, else discovered), ISO 8601; null when it has none. */
  time: string | null;
  /** The last item's id. */
  id: string;
}

/** One page of `query`: its items, newest first, and where the next page starts. */
export interface ItemPage {
  /** The page's items, newest first. */
  items: SelectedItem[];
  /** Undefined on the last page. */
  next: ItemPageCursor | undefined;
}

/** A filter's text: a string without U+0000 (PostgreSQL text cannot hold it), else InvalidRequestError. */
function filterText(param: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw invalidArgument(param, `a string, got ${typeof value}`);
  if (value.includes("\0"))
    throw invalidArgument(param, "holds U+0000 (NUL), which no stored text can hold");
  return value;
}

/** A time of a filter or cursor: a date PostgreSQL holds, else InvalidRequestError. */
function filterTime(param: string, value: unknown): Date {
  const time = timeOf(value);
  if (time === null)
    throw invalidArgument(
      param,
      `not a date (ISO 8601, between 4712 BC and 275000 AD): ${JSON.stringify(String(value)).slice(0, 80)}`,
    );
  return time;
}

/** The current generation's items, as `i`. */
const current = (ctx: StoreContext) =>
  ctx.sql`${ctx.t.items} i join ${ctx.t.state} s on s.id = 1 and i.generation = s.generation`;

export async function get(ctx: StoreContext, id: string): Promise<SelectedItem | undefined> {
  if (typeof id !== "string") throw invalidArgument("id", `a string, got ${typeof id}`);
  const [row] = await ctx.run(
    "reading an item",
    () => ctx.sql`select i.item, i.item_text from ${current(ctx)} where i.id = ${keyOf(id)}`,
  );
  return row ? itemOf(row) : undefined;
}

export async function ids(ctx: StoreContext): Promise<string[]> {
  // A hashed key's id is read from its item (rare: ids over 1000 bytes, or holding U+0000).
  const rows = await ctx.run(
    "reading ids",
    () => ctx.sql`select i.id, case when left(i.id, 1) = ${"\u0001"} then i.item_text end as text, case when left(i.id, 1) = ${"\u0001"} then i.item end as item
    from ${current(ctx)}`,
  );
  return rows.map((r) =>
    isHashedKey(r["id"])
      ? (jsonOf(r["item"], r["text"]) as { id: string }).id
      : (r["id"] as string),
  );
}

export async function entries(ctx: StoreContext): Promise<SelectedItem[]> {
  const items: SelectedItem[] = [];
  for await (const item of iterate(ctx)) items.push(item);
  return items;
}

export async function count(ctx: StoreContext): Promise<number> {
  const [row] = await ctx.run(
    "counting items",
    () => ctx.sql`select count(*)::int as n from ${current(ctx)}`,
  );
  return row!["n"] as number;
}

export async function query(
  ctx: StoreContext,
  filter: ItemFilter = {},
  page: { limit?: number; after?: ItemPageCursor } = {},
): Promise<ItemPage> {
  const limit = page.limit ?? 100;
  if (!(Number.isInteger(limit) && limit >= 1 && limit <= 10_000))
    throw invalidArgument("limit", `a whole number from 1 to 10000, got ${String(limit)}`);
  if (filter === null || typeof filter !== "object") throw invalidArgument("filter", "an object");
  const since = filter.since === undefined ? undefined : filterTime("since", filter.since);
  const category = filterText("category", filter.category);
  const text = filterText("q", filter.q)?.trim();
  const after = page.after === undefined ? undefined : afterOf(page.after);
  const sql = ctx.sql;
  // The generation as a value known when the statement runs (not a join), so the planner
  // reads the one partition through its time index in page order, with no sort. An item
  // without a time sorts last, as -infinity (the index's expression), and a page after a
  // cursor starts at the cursor's time in that index (`<=`, then ties by id).
  const time = sql`coalesce(i.published_at, i.discovered_at, '-infinity')`;
  const q = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  let from = sql``;
  if (after !== undefined) {
    const at =
      after.time === null ? sql`'-infinity'::timestamptz` : sql`${after.time}::timestamptz`;
    from = sql`and ${time} <= ${at} and (${time} < ${at} or i.id < ${after.key})`;
  }
  const rows = await ctx.run(
    "querying items",
    () => sql`
    select i.item, i.item_text, coalesce(i.published_at, i.discovered_at) as t from ${ctx.t.items} i
    where i.generation = (select generation from ${ctx.t.state} where id = 1)
      ${category === undefined ? sql`` : sql`and i.category = ${keyOf(category)}`}
      ${since === undefined ? sql`` : sql`and ${time} >= ${since}`}
      ${q === undefined ? sql`` : sql`and (i.item->>'title' ilike ${q} or i.item->>'summary' ilike ${q})`}
      ${from}
    order by ${time} desc, i.id desc
    limit ${limit + 1}`,
  );
  const items = rows.slice(0, limit).map(itemOf);
  const last = items.at(-1);
  const t = rows[limit - 1]?.["t"];
  const lastTime = t === null || t === undefined ? null : new Date(t).toISOString();
  return { items, next: rows.length > limit && last ? { time: lastTime, id: last.id } : undefined };
}

export async function* iterate(
  ctx: StoreContext,
  filter: ItemFilter = {},
  options: { pageSize?: number } = {},
): AsyncGenerator<SelectedItem, void, undefined> {
  let after: ItemPageCursor | undefined;
  for (;;) {
    const page = await query(ctx, filter, {
      limit: options.pageSize ?? 1000,
      ...(after ? { after } : {}),
    });
    yield* page.items;
    if (!page.next) return;
    after = page.next;
  }
}

/** A page cursor checked before any SQL, with its id as the key column holds it. */
function afterOf(after: unknown): { time: Date | null; key: string } {
  const a = after as Partial<ItemPageCursor> | null;
  if (a === null || typeof a !== "object" || typeof a.id !== "string")
    throw invalidArgument("after", "a cursor { time, id } from a previous page");
  return {
    time: a.time === null || a.time === undefined ? null : filterTime("after.time", a.time),
    key: keyOf(a.id),
  };
}
