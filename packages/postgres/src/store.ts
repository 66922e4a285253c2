import { invalidArgument } from "@feedgate/kit";
import type { ChangesPage, MirrorStore, MirrorStoreState, SelectedFields, SelectedItem, SnapshotPage, StoreFilter } from "@feedgate/kit/mirror";
import type postgres from "postgres";
import { checkSchema, connect, redactUrl, scrubPassword, type Sql } from "./connection.js";
import { migrate } from "./migrations.js";

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database`. Required. Its password never appears in an error or a log. */
  url: string;
  /** The schema the tables live in, created and migrated on open. Default: `"feedgate"`. */
  schema?: string;
  /** Connections in the pool. Default: 4. */
  maxConnections?: number;
}

/** A filter of the readers: each maps to an item field (and an index). The kit's `StoreFilter`. */
export type ItemFilter = StoreFilter;

/** Where a page of `query` ends; pass it back as `after` for the next page. */
export interface ItemPageCursor {
  /** The last item's sort time (published, else discovered), ISO 8601; null when it has none. */
  time: string | null;
  /** The last item's id. */
  id: string;
}

export interface ItemPage {
  /** The page's items, newest first. */
  items: SelectedItem[];
  /** Undefined on the last page. */
  next: ItemPageCursor | undefined;
}

/** What a change notification carries: small, so it always fits; the rows are read from the table. */
export interface ChangeNotice {
  /** The current generation after the change. */
  generation: number;
  /** The ledger cursor after the change. */
  cursor: string;
}

/** The MirrorStore on PostgreSQL, plus the readers any process of a fleet can use without polling. */
export interface PostgresMirrorStore extends MirrorStore {
  /** The schema holding the tables. */
  readonly schema: string;
  /** One page of the current set, newest first (published, else discovered, time; then id). */
  query(filter?: ItemFilter, page?: { limit?: number; after?: ItemPageCursor }): Promise<ItemPage>;
  /** Every matching item, page by page, in bounded memory. */
  iterate(filter?: ItemFilter, options?: { pageSize?: number }): AsyncGenerator<SelectedItem, void, undefined>;
  /**
   * Calls `onChange` after every committed snapshot and changes page of any process (LISTEN/NOTIFY).
   * A reader that missed notifications catches up by comparing cursors: `onChange` also runs
   * once at once when the store moved since `since`. Returns the unsubscribe function.
   */
  subscribe(onChange: (notice: ChangeNotice) => void, options?: { since?: string }): Promise<() => Promise<void>>;
  /** The client, for fleet members that share it. */
  readonly sql: Sql;
}

/** Opens the store: connects, creates or migrates the schema, and returns the store. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresMirrorStore> {
  const schema = checkSchema(options.schema ?? "feedgate");
  const sql = connect(options.url, schema, options.maxConnections ?? 4);
  try {
    await migrate(sql, schema);
  } catch (error) {
    await sql.end({ timeout: 1 }).catch(() => {});
    throw storeError(`cannot open the mirror store at ${redactUrl(options.url)} (schema ${schema})`, error, options.url);
  }
  return new PgStore(sql, schema, options.url);
}

/** An error whose message never carries the connection's password. */
function storeError(what: string, cause: unknown, url: string): Error {
  const detail = scrubPassword(cause instanceof Error ? cause.message : String(cause), url);
  return Object.assign(new Error(`${what}: ${detail}`), { code: (cause as { code?: unknown })?.code });
}

const timeOf = (item: SelectedItem): string | null => (item as { publishedAt?: string | null }).publishedAt ?? (item as { discoveredAt?: string | null }).discoveredAt ?? null;

/** The indexed columns of an item, beside the item itself. */
function rowOf(generation: number, item: SelectedItem) {
  const i = item as { id: string; category?: string | null; publishedAt?: string | null; discoveredAt?: string | null; title?: string | null; summary?: string | null };
  return {
    generation,
    id: i.id,
    category: i.category ?? null,
    published_at: i.publishedAt ?? null,
    discovered_at: i.discoveredAt ?? null,
    title: i.title ?? null,
    summary: i.summary ?? null,
    // Sent as an object: postgres.js encodes it as JSON for the jsonb column.
    item: item as unknown as postgres.JSONValue,
  };
}

/** Rows per INSERT: a page of the feed (≤ 1000) in at most a few statements. */
const BATCH = 500;

class PgStore implements PostgresMirrorStore {
  readonly sql: Sql;
  readonly schema: string;
  readonly #url: string;
  readonly #channel: string;

  constructor(sql: Sql, schema: string, url: string) {
    this.sql = sql;
    this.schema = schema;
    this.#url = url;
    this.#channel = `feedgate_${schema}`;
  }

  async #run<T>(what: string, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      throw storeError(what, error, this.#url);
    }
  }

  async getState(): Promise<MirrorStoreState> {
    return this.#run("reading the mirror state", async () => {
      const [s] = await this.sql`select * from state where id = 1`;
      return {
        cursor: s!["cursor"] ?? undefined,
        fields: (s!["fields"] ?? undefined) as SelectedFields | undefined,
        generation: s!["generation"],
        pending:
          s!["pending_generation"] === null
            ? undefined
            : { generation: s!["pending_generation"], fields: s!["pending_fields"], cursor: s!["pending_cursor"] ?? undefined, nextPage: s!["pending_next_page"] ?? null, items: s!["pending_items"] },
      };
    });
  }

  async getCursor(): Promise<string | undefined> {
    return (await this.getState()).cursor;
  }

  beginSnapshot(fields: SelectedFields): Promise<number> {
    return this.#run("beginning a snapshot", () =>
      this.sql.begin(async (tx) => {
        const [s] = await tx`update state set last_begun = last_begun + 1, pending_generation = last_begun + 1, pending_fields = ${fields},
          pending_cursor = null, pending_next_page = null, pending_items = 0, updated_at = now() where id = 1 returning last_begun, generation`;
        // An earlier unfinished pass is discarded with its rows.
        await tx`delete from items where generation <> ${s!["generation"]} and generation <> ${s!["last_begun"]}`;
        return s!["last_begun"] as number;
      }),
    );
  }

  putSnapshotPage(generation: number, page: SnapshotPage): Promise<boolean> {
    return this.#run("storing a snapshot page", () =>
      this.sql.begin(async (tx) => {
        const [s] = await tx`select pending_generation, pending_cursor from state where id = 1 for update`;
        if (s!["pending_generation"] !== generation || (s!["pending_cursor"] !== null && s!["pending_cursor"] !== page.cursor)) return false;
        let added = 0;
        for (let i = 0; i < page.items.length; i += BATCH) {
          const rows = page.items.slice(i, i + BATCH).map((item) => rowOf(generation, item));
          const inserted = await tx`insert into items ${tx(rows)} on conflict (generation, id) do update set
            category = excluded.category, published_at = excluded.published_at, discovered_at = excluded.discovered_at,
            title = excluded.title, summary = excluded.summary, item = excluded.item returning (xmax = 0) as new`;
          added += inserted.filter((r) => r["new"]).length;
        }
        await tx`update state set pending_cursor = ${page.cursor}, pending_next_page = ${page.nextPage}, pending_items = pending_items + ${added}, updated_at = now() where id = 1`;
        return true;
      }),
    );
  }

  commitSnapshot(generation: number): Promise<boolean> {
    return this.#run("committing a snapshot", () =>
      this.sql.begin(async (tx) => {
        const [s] = await tx`select pending_generation, pending_cursor, pending_next_page from state where id = 1 for update`;
        if (s!["pending_generation"] !== generation || s!["pending_cursor"] === null || s!["pending_next_page"] !== null) return false;
        await tx`update state set generation = pending_generation, cursor = pending_cursor, fields = pending_fields,
          pending_generation = null, pending_fields = null, pending_cursor = null, pending_next_page = null, pending_items = 0, updated_at = now() where id = 1`;
        await tx`delete from items where generation <> ${generation}`;
        await tx`select pg_notify(${this.#channel}, ${JSON.stringify({ generation, cursor: s!["pending_cursor"] })})`;
        return true;
      }),
    );
  }

  applyPage(page: ChangesPage): Promise<boolean> {
    return this.#run("applying a changes page", () =>
      this.sql.begin(async (tx) => {
        const [s] = await tx`select generation, cursor from state where id = 1 for update`;
        if (s!["cursor"] === null || s!["cursor"] !== page.expectedCursor) return false;
        const generation = s!["generation"] as number;
        // In ledger order, one run of same-kind changes at a time (an upsert after a remove of the same id must win).
        let i = 0;
        while (i < page.changes.length) {
          const op = page.changes[i]!.op;
          let j = i;
          while (j < page.changes.length && page.changes[j]!.op === op && j - i < BATCH) j++;
          const run = page.changes.slice(i, j);
          if (op === "upsert") {
            // The last upsert of an id in a run is the one that counts.
            const latest = new Map(run.map((c) => [(c as { item: SelectedItem }).item.id, (c as { item: SelectedItem }).item]));
            await tx`insert into items ${tx([...latest.values()].map((item) => rowOf(generation, item)))} on conflict (generation, id) do update set
              category = excluded.category, published_at = excluded.published_at, discovered_at = excluded.discovered_at,
              title = excluded.title, summary = excluded.summary, item = excluded.item`;
          } else {
            await tx`delete from items where generation = ${generation} and id = any(${run.map((c) => (c as { id: string }).id)})`;
          }
          i = j;
        }
        await tx`update state set cursor = ${page.cursor}, updated_at = now() where id = 1`;
        await tx`select pg_notify(${this.#channel}, ${JSON.stringify({ generation, cursor: page.cursor })})`;
        return true;
      }),
    );
  }

  async get(id: string): Promise<SelectedItem | undefined> {
    const [row] = await this.#run("reading an item", () => this.sql`select i.item from items i join state s on s.id = 1 and i.generation = s.generation where i.id = ${id}`);
    return row?.["item"] as SelectedItem | undefined;
  }

  async ids(): Promise<string[]> {
    const rows = await this.#run("reading ids", () => this.sql`select i.id from items i join state s on s.id = 1 and i.generation = s.generation`);
    return rows.map((r) => r["id"] as string);
  }

  async entries(): Promise<SelectedItem[]> {
    const items: SelectedItem[] = [];
    for await (const item of this.iterate()) items.push(item);
    return items;
  }

  async count(): Promise<number> {
    const [row] = await this.#run("counting items", () => this.sql`select count(*)::int as n from items i join state s on s.id = 1 and i.generation = s.generation`);
    return row!["n"] as number;
  }

  async query(filter: ItemFilter = {}, page: { limit?: number; after?: ItemPageCursor } = {}): Promise<ItemPage> {
    const limit = page.limit ?? 100;
    if (!(Number.isInteger(limit) && limit >= 1 && limit <= 10_000)) throw invalidArgument("limit", `a whole number from 1 to 10000, got ${String(limit)}`);
    const since = filter.since === undefined ? undefined : new Date(filter.since);
    if (since !== undefined && Number.isNaN(since.getTime())) throw invalidArgument("since", `not a date: ${String(filter.since)}`);
    const sql = this.sql;
    const time = sql`coalesce(i.published_at, i.discovered_at)`;
    const q = filter.q?.trim() ? `%${filter.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const after = page.after;
    const rows = await this.#run("querying items", () => sql`
      select i.item, ${time} as t from items i join state s on s.id = 1 and i.generation = s.generation
      where true
        ${filter.category === undefined ? sql`` : sql`and i.category = ${filter.category}`}
        ${since === undefined ? sql`` : sql`and ${time} >= ${since}`}
        ${q === undefined ? sql`` : sql`and (i.title ilike ${q} or i.summary ilike ${q})`}
        ${after === undefined ? sql`` : after.time === null ? sql`and ${time} is null and i.id < ${after.id}` : sql`and (${time} < ${after.time} or (${time} = ${after.time} and i.id < ${after.id}) or ${time} is null)`}
      order by ${time} desc nulls last, i.id desc
      limit ${limit + 1}`);
    const items = rows.slice(0, limit).map((r) => r["item"] as SelectedItem);
    const last = items.at(-1);
    return { items, next: rows.length > limit && last ? { time: timeOf(last) === null ? null : new Date(rows[limit - 1]!["t"]).toISOString(), id: last.id } : undefined };
  }

  async *iterate(filter: ItemFilter = {}, options: { pageSize?: number } = {}): AsyncGenerator<SelectedItem, void, undefined> {
    let after: ItemPageCursor | undefined;
    for (;;) {
      const page = await this.query(filter, { limit: options.pageSize ?? 1000, ...(after ? { after } : {}) });
      yield* page.items;
      if (!page.next) return;
      after = page.next;
    }
  }

  async subscribe(onChange: (notice: ChangeNotice) => void, options: { since?: string } = {}): Promise<() => Promise<void>> {
    const listener = await this.#run("subscribing to changes", () =>
      this.sql.listen(this.#channel, (payload) => {
        try {
          onChange(JSON.parse(payload) as ChangeNotice);
        } catch {
          // A payload this version cannot read: the reader re-reads on the next one.
        }
      }),
    );
    // Caught up after subscribing, so nothing between the check and the LISTEN is missed.
    const state = await this.getState();
    if (options.since !== undefined && state.cursor !== undefined && state.cursor !== options.since) onChange({ generation: state.generation, cursor: state.cursor });
    return () => listener.unlisten();
  }

  async close(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }
}
