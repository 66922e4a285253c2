import {
  checkOptionNames,
  createError,
  type FeedgateError,
  type FeedgateErrorKind,
  invalidArgument,
  isFeedgateError,
} from "@feedgate/core";
import type {
  ChangesPage,
  MirrorStore,
  MirrorStoreState,
  SelectedFields,
  SelectedItem,
  SnapshotPage,
  StoreFilter,
} from "@feedgate/kit/mirror";
import type postgres from "postgres";
import {
  decodeText,
  encodeText,
  isHashedKey,
  jsonOf,
  jsonTextCells,
  keyOf,
  timeOf,
  timeText,
} from "./cells.js";
import {
  checkSchema,
  connect,
  directUrlOf,
  redactUrl,
  type Sql,
  scrubPassword,
  storeChannel,
  tables,
  urlOf,
} from "./connection.js";
import { checkMigrated, migrate } from "./migrations.js";

/** Options of `openPostgresStore`. Every one has a default; `url` falls back to `FEEDGATE_STORE`. */
export interface PostgresStoreOptions {
  /**
   * `postgres://user:password@host:port/database`. Default: the `FEEDGATE_STORE` environment
   * variable; neither is a ConfigError. Its password never appears in an error or a log.
   */
  url?: string | undefined;
  /** The schema the tables live in, created and migrated on open (unless `readOnly`). Default: `"feedgate"`. At most 44 characters, not `pg_*`. */
  schema?: string | undefined;
  /** Connections in the pool. Default: 4. */
  maxConnections?: number | undefined;
  /**
   * Open for reading only: no DDL (the schema must exist at this release's version), and the
   * write methods throw a ConfigError. What a role with only
   * `SELECT` can do (`feedgate mirror ls|show|export`). Default: false.
   */
  readOnly?: boolean | undefined;
  /**
   * A URL that reaches PostgreSQL directly, for `subscribe`'s LISTEN connection, when `url`
   * goes through a transaction-mode pooler (PgBouncer), which does not deliver notifications.
   * Default: the `FEEDGATE_STORE_DIRECT` environment variable, else `url`.
   */
  directUrl?: string | undefined;
}

/** Every option of `openPostgresStore`: an unknown name is refused at run time, naming the one meant. */
const OPTION_NAMES = {
  url: true,
  schema: true,
  maxConnections: true,
  readOnly: true,
  directUrl: true,
} as const satisfies Record<keyof PostgresStoreOptions, true>;

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

/** What `subscribe` reports: the store's state as read from its table after a notification. */
export interface ChangeNotice {
  /** The current generation after the change. */
  generation: number;
  /** The ledger cursor after the change. */
  cursor: string;
}

/** Options of `subscribe`. */
export interface SubscribeOptions {
  /** The cursor the reader last saw: `onChange` runs at once when the store moved since. Default: none. */
  since?: string;
  /**
   * Also re-read the state this often, in case a notification cannot arrive (LISTEN through a
   * transaction-mode pooler, a connection being re-established). 0 turns it off. Default: 5000 ms.
   */
  pollMs?: number;
}

/** The MirrorStore on PostgreSQL, plus the readers any process of a fleet can use without polling. */
export interface PostgresMirrorStore extends MirrorStore {
  /** The schema holding the tables. */
  readonly schema: string;
  /** True when opened with `readOnly`. */
  readonly readOnly: boolean;
  /** One page of the current set, newest first (published, else discovered, time; then id). */
  query(filter?: ItemFilter, page?: { limit?: number; after?: ItemPageCursor }): Promise<ItemPage>;
  /** Every matching item, page by page, in bounded memory. */
  iterate(
    filter?: ItemFilter,
    options?: { pageSize?: number },
  ): AsyncGenerator<SelectedItem, void, undefined>;
  /**
   * Calls `onChange` after every committed snapshot and changes page of any process
   * (LISTEN/NOTIFY on `feedgate_<schema>`). A notification's payload is not trusted: on each
   * one the state is read from the table, and `onChange` gets what the table says, once per
   * change (a forged or repeated NOTIFY brings nothing). A reader that missed notifications
   * catches up by comparing cursors: `onChange` also runs at once when the store moved since
   * `since`. Returns the unsubscribe function.
   */
  subscribe(
    onChange: (notice: ChangeNotice) => void,
    options?: SubscribeOptions,
  ): Promise<() => Promise<void>>;
  /** The client, for fleet members that share it. */
  readonly sql: Sql;
}

/** Opens the store: connects, creates or migrates the schema (checks it, when `readOnly`), and returns the store. */
export async function openPostgresStore(
  options: PostgresStoreOptions = {},
): Promise<PostgresMirrorStore> {
  checkOptionNames(options, OPTION_NAMES, "openPostgresStore");
  const url = urlOf(options.url);
  const directUrl = directUrlOf(options.directUrl);
  const schema = checkSchema(options.schema ?? "feedgate");
  const max = options.maxConnections ?? 4;
  if (!(Number.isInteger(max) && max >= 1 && max <= 100))
    throw invalidOption("maxConnections", `a whole number from 1 to 100, got ${String(max)}`);
  const readOnly = options.readOnly === true;
  const sql = connect(url, { max });
  try {
    await (readOnly ? checkMigrated(sql, schema) : migrate(sql, schema));
  } catch (error) {
    await sql.end({ timeout: 5 }).catch(() => {});
    throw storeError(
      `cannot open the mirror store at ${redactUrl(url)} (schema ${schema}${readOnly ? ", read-only" : ""})`,
      error,
      url,
    );
  }
  return new PgStore(sql, schema, url, directUrl, readOnly);
}

const invalidOption = (option: string, rule: string) =>
  createError({ kind: "config", code: "invalid_option", option, message: `${option}: ${rule}` });

/** SQLSTATE classes and codes, as the family's kinds. */
function kindOfSqlState(code: unknown): FeedgateErrorKind {
  if (typeof code !== "string") return "network";
  if (code === "28P01" || code === "28000") return "authentication";
  if (code === "42501") return "permission_denied";
  if (code === "3D000" || code === "3F000" || code === "42P01") return "config";
  if (/^(08|57P0)/.test(code) || /^E[A-Z]+$/.test(code) || code.startsWith("CONNECT"))
    return "network";
  if (code === "25006") return "permission_denied";
  // Data the store cannot hold (22: data exception, 23: constraint, 54: a limit such as an
  // index row's size): trying again brings the same refusal, so the kind is not a transient one.
  if (/^(22|23|54)/.test(code)) return "invalid_request";
  return "server";
}

/**
 * An error of the family whose message never carries the connection's password: the driver's
 * SQLSTATE (or Node's code) stays in `code`, the kind says what kind of failure it is.
 */
export function storeError(what: string, cause: unknown, url: string): FeedgateError {
  if (isFeedgateError(cause)) return cause;
  const detail = scrubPassword(cause instanceof Error ? cause.message : String(cause), url);
  const code = (cause as { code?: unknown })?.code;
  return createError({
    kind: kindOfSqlState(code),
    code: typeof code === "string" ? code : undefined,
    message: `${what}: ${detail}`,
  });
}

/** The indexed columns of an item, beside the item itself (see cells.ts for what is mapped how). */
function rowOf(item: SelectedItem) {
  const i = item as {
    id: string;
    category?: unknown;
    publishedAt?: unknown;
    discoveredAt?: unknown;
  };
  const { jsonText, text } = jsonTextCells(item);
  return {
    id: keyOf(i.id),
    category: typeof i.category === "string" ? keyOf(i.category) : null,
    published_at: timeText(i.publishedAt),
    discovered_at: timeText(i.discoveredAt),
    /** The jsonb copy as JSON text (inserted into the rows' JSON as it is). */
    item: jsonText,
    item_text: text,
  };
}

/**
 * Rows as one JSON array for `jsonb_to_recordset`: each row's item goes in as the JSON text it
 * already is, and the cells are written out directly (no object per row to stringify again).
 */
function rowsJson(rows: ReturnType<typeof rowOf>[]): string {
  const cell = (v: string | null) => (v === null ? "null" : JSON.stringify(v));
  return `[${rows
    .map(
      (r) =>
        `{"id":${cell(r.id)},"category":${cell(r.category)},"published_at":${cell(r.published_at)},"discovered_at":${cell(r.discovered_at)},"item_text":${cell(r.item_text)},"item":${r.item}}`,
    )
    .join(",")}]`;
}

/**
 * True when a row's cells are its item's own fields as they came (the common case: a short
 * storable id and category, times in the service's ISO form, no text jsonb cannot hold), so
 * PostgreSQL can read them out of the item itself and the page need not carry them twice.
 */
function cellsAreFields(row: ReturnType<typeof rowOf>, item: SelectedItem): boolean {
  const i = item as {
    id: unknown;
    category?: unknown;
    publishedAt?: unknown;
    discoveredAt?: unknown;
  };
  const same = (cell: string | null, field: unknown) =>
    cell === null ? field === undefined || field === null : cell === field;
  return (
    row.item_text === null &&
    row.id === i.id &&
    same(row.category, i.category) &&
    same(row.published_at, i.publishedAt) &&
    same(row.discovered_at, i.discoveredAt)
  );
}

/** The item a row holds. */
const itemOf = (row: postgres.Row) => jsonOf(row["item"], row["item_text"]) as SelectedItem;

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

/** The columns of a row as `jsonb_to_recordset` reads them from {@link rowsJson}. */
const RECORD =
  "id text, category text, published_at timestamptz, discovered_at timestamptz, item jsonb, item_text text";
/** The columns an upsert replaces: all but the key. */
const REPLACE =
  "category = excluded.category, published_at = excluded.published_at, discovered_at = excluded.discovered_at, item = excluded.item, item_text = excluded.item_text";
/** SQLSTATE of a duplicate key. */
const UNIQUE_VIOLATION = "23505";
/** SQLSTATE of a table that does not exist. */
const UNDEFINED_TABLE = "42P01";
/** SQLSTATE of a lock not granted within `lock_timeout`. */
const LOCK_NOT_AVAILABLE = "55P03";
/** Default of `subscribe`'s `pollMs`. */
const SUBSCRIBE_POLL_MS = 5000;

class PgStore implements PostgresMirrorStore {
  readonly sql: Sql;
  readonly schema: string;
  readonly readOnly: boolean;
  readonly #url: string;
  readonly #directUrl: string | undefined;
  readonly #channel: string;
  readonly #t: ReturnType<typeof tables>;
  /** The clients opened for LISTEN on `directUrl`, ended on close. */
  readonly #listeners = new Set<Sql>();

  constructor(
    sql: Sql,
    schema: string,
    url: string,
    directUrl: string | undefined,
    readOnly: boolean,
  ) {
    this.sql = sql;
    this.schema = schema;
    this.readOnly = readOnly;
    this.#url = url;
    this.#directUrl = directUrl;
    this.#channel = storeChannel(schema);
    this.#t = tables(sql, schema);
  }

  async #run<T>(what: string, task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      throw storeError(what, error, this.#url);
    }
  }

  #write<T>(what: string, task: () => Promise<T>): Promise<T> {
    if (this.readOnly)
      return Promise.reject(
        createError({
          kind: "config",
          code: "read_only",
          option: "readOnly",
          message: `${what}: the store was opened read-only`,
        }),
      );
    return this.#run(what, task);
  }

  async getState(): Promise<MirrorStoreState> {
    return this.#run("reading the mirror state", async () => {
      const [s] = await this.sql`select * from ${this.#t.state} where id = 1`;
      const pending = s!["pending_generation"] as number | null;
      return {
        cursor: decodeText(s!["cursor"]),
        fields: (s!["fields"] ?? undefined) as SelectedFields | undefined,
        generation: s!["generation"],
        pending:
          pending === null
            ? undefined
            : {
                generation: pending,
                fields: s!["pending_fields"],
                cursor: decodeText(s!["pending_cursor"]),
                nextPage: decodeText(s!["pending_next_page"]) ?? null,
                items: s!["pending_items"],
              },
      };
    });
  }

  async getCursor(): Promise<string | undefined> {
    return (await this.getState()).cursor;
  }

  beginSnapshot(fields: SelectedFields): Promise<number> {
    return this.#write("beginning a snapshot", () =>
      this.sql.begin(async (tx) => {
        const [s] =
          await tx`update ${this.#t.state} set last_begun = last_begun + 1, pending_generation = last_begun + 1, pending_fields = ${fields},
          pending_cursor = null, pending_next_page = null, pending_items = 0, updated_at = now() where id = 1 returning last_begun, generation`;
        const generation = s!["last_begun"] as number;
        // An earlier unfinished pass is discarded with its table; so is an old generation's
        // partition the last commit could not drop (see dropOldGenerations).
        await this.#dropOldGenerations(tx, s!["generation"] as number);
        // The pending generation's own table, with only its primary key (which finds an item
        // repeated across pages): its other indexes are built in bulk when it is attached.
        await tx`create table ${this.#t.generation(generation)} (like ${this.#t.items} including defaults,
          primary key (generation, id), check (generation = ${tx.unsafe(String(generation))}))`;
        return generation;
      }),
    );
  }

  /**
   * One statement: the compare-and-set on the pass's state, the page's rows and the pass's
   * running count, so a page costs one round trip and is stored whole or not at all. The rows
   * go into the pending generation's own table; an item repeated (across pages, or by a pass
   * resumed after a crash) replaces the stored one and is counted once.
   *
   * Two choices make a page cheaper than a hand-written INSERT of the same rows:
   * - The rows go in as a plain INSERT. Only when one is already there (the statement fails
   *   whole on the duplicate key, its state update with it) is the page sent again as an
   *   upsert: conflict handling costs every row a speculative insertion, and repeats are rare.
   * - The page commits without waiting for its WAL to reach the disk (`synchronous_commit`
   *   off for this transaction only). A crash can then lose the newest pages, never part of
   *   one: the pass's cursor is stored in the same transaction, so the pass resumes from the
   *   last page that survived and fetches the lost ones again. The commit that makes the pass
   *   the readers' set waits for the disk as always, and WAL is flushed in order, so every page
   *   is durable once a snapshot is committed.
   */
  putSnapshotPage(generation: number, page: SnapshotPage): Promise<boolean> {
    return this.#write("storing a snapshot page", async () => {
      const items = [...new Map(page.items.map((item) => [item.id, item])).values()];
      const rows = items.map(rowOf);
      const json = rows.every((row, k) => cellsAreFields(row, items[k]!))
        ? { items: `[${rows.map((row) => row.item).join(",")}]` }
        : { rows: rowsJson(rows) };
      const stored = (upsert: boolean) => this.#storeSnapshotPage(generation, page, json, upsert);
      try {
        return await stored(false).catch((error: { code?: unknown }) => {
          if (error.code === UNIQUE_VIOLATION) return stored(true);
          throw error;
        });
      } catch (error) {
        // Another writer began a newer pass and dropped this one's table: this pass is over.
        if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return false;
        throw error;
      }
    });
  }

  async #storeSnapshotPage(
    generation: number,
    page: SnapshotPage,
    json: { items: string } | { rows: string },
    upsert: boolean,
  ): Promise<boolean> {
    const sql = this.sql;
    const cursor = encodeText(page.cursor);
    // The items alone when their fields are the cells (PostgreSQL reads the cells out of
    // them), else rows of cells beside each item.
    const source =
      "items" in json
        ? sql`select ${generation}::int, e->>'id', e->>'category', (e->>'publishedAt')::timestamptz, (e->>'discoveredAt')::timestamptz, e, null
          from jsonb_array_elements(${json.items}::text::jsonb) as e`
        : sql`select ${generation}::int, r.id, r.category, r.published_at, r.discovered_at, r.item, r.item_text
          from jsonb_to_recordset(${json.rows}::text::jsonb) as r(${sql.unsafe(RECORD)})`;
    const [r] = await sql`with pass as (
        select from ${this.#t.state}
        where id = 1 and pending_generation = ${generation} and (pending_cursor is null or pending_cursor = ${cursor})
          and set_config('synchronous_commit', 'off', true) is not null
        for update),
      added as (
        insert into ${this.#t.generation(generation)} (generation, id, category, published_at, discovered_at, item, item_text)
        ${source}
        where exists (select from pass)
        ${upsert ? sql`on conflict (generation, id) do update set ${sql.unsafe(REPLACE)} returning (xmax = 0) as new` : sql`returning true as new`}),
      stored as (
        update ${this.#t.state} set pending_cursor = ${cursor}, pending_next_page = ${encodeText(page.nextPage)},
          pending_items = pending_items + (select count(*) filter (where new) from added), updated_at = now()
        where id = 1 and exists (select from pass)
        returning 1)
      select count(*)::int as stored from stored`;
    return r!["stored"] === 1;
  }

  commitSnapshot(generation: number): Promise<boolean> {
    return this.#write("committing a snapshot", () =>
      this.sql.begin(async (tx) => {
        const [s] =
          await tx`select pending_generation, pending_cursor, pending_next_page from ${this.#t.state} where id = 1 for update`;
        if (
          s!["pending_generation"] !== generation ||
          s!["pending_cursor"] === null ||
          s!["pending_next_page"] !== null
        )
          return false;
        await tx`update ${this.#t.state} set generation = pending_generation, cursor = pending_cursor, fields = pending_fields,
          pending_generation = null, pending_fields = null, pending_cursor = null, pending_next_page = null, pending_items = 0, updated_at = now() where id = 1`;
        // Builds the secondary indexes and makes the rows the readers' set. It locks out other
        // DDL on the parent only (SHARE UPDATE EXCLUSIVE): readers and applyPage go on.
        await tx`alter table ${this.#t.items} attach partition ${this.#t.generation(generation)} for values in (${tx.unsafe(String(generation))})`;
        await this.#notify(tx, generation);
        await this.#dropOldGenerations(tx, generation);
        return true;
      }),
    );
  }

  /**
   * Drops every generation's table but `keep`'s: the discarded passes' tables at once, and old
   * partitions where that is quick. Dropping a partition locks the whole table for a moment
   * and so waits for the readers in flight: it gives up after a second (in a savepoint, so
   * the rest of the transaction stands), and the next snapshot or commit drops it. Its rows
   * are of an old generation, which no reader sees.
   */
  async #dropOldGenerations(tx: postgres.TransactionSql, keep: number) {
    const rows =
      await tx`select c.relname, c.relispartition from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.schema} and c.relkind = 'r' and c.relname ~ '^items_[0-9]+$'`;
    for (const row of rows) {
      const generation = Number(String(row["relname"]).slice("items_".length));
      if (generation === keep) continue;
      if (!row["relispartition"]) {
        await tx`drop table ${this.#t.generation(generation)}`;
        continue;
      }
      await tx
        .savepoint(async (sp) => {
          await sp`set local lock_timeout = '1s'`;
          await sp`drop table ${this.#t.generation(generation)}`;
        })
        .catch((error: { code?: unknown }) => {
          if (error.code !== LOCK_NOT_AVAILABLE) throw error;
        });
    }
  }

  /** Tells subscribers to re-read: the payload is only the generation (a cursor may be long; nothing in it is trusted). */
  #notify(tx: postgres.TransactionSql, generation: number) {
    return tx`select pg_notify(${this.#channel}, ${JSON.stringify({ generation })})`;
  }

  /**
   * One statement, so one round trip: the compare-and-set on the cursor, the page's removes
   * and upserts in the current generation, and the notification, all or nothing.
   */
  applyPage(page: ChangesPage): Promise<boolean> {
    return this.#write("applying a changes page", async () => {
      // Only an id's last change in the page decides what the store holds for it, so the page
      // comes down to one set of removes and one of upserts (a remove then an upsert of the same
      // id ends upserted, and the reverse removed), disjoint, so one statement can hold both.
      const last = new Map<string, { op: "remove" } | { op: "upsert"; item: SelectedItem }>();
      for (const change of page.changes) {
        const key = keyOf(change.op === "upsert" ? change.item.id : change.id);
        last.delete(key);
        last.set(
          key,
          change.op === "upsert" ? { op: "upsert", item: change.item } : { op: "remove" },
        );
      }
      const removed = [...last].filter(([, c]) => c.op === "remove").map(([key]) => key);
      const upserted = [...last.values()].flatMap((c) =>
        c.op === "upsert" ? [rowOf(c.item)] : [],
      );
      const sql = this.sql;
      const [r] = await sql`with moved as (
          update ${this.#t.state} set cursor = ${encodeText(page.cursor)}, updated_at = now()
          where id = 1 and cursor = ${encodeText(page.expectedCursor)}
          returning generation),
        removed as (
          delete from ${this.#t.items} i using moved
          where i.generation = moved.generation and i.id = any(${removed}::text[])),
        upserted as (
          insert into ${this.#t.items} (generation, id, category, published_at, discovered_at, item, item_text)
          select moved.generation, r.id, r.category, r.published_at, r.discovered_at, r.item, r.item_text
          from moved, jsonb_to_recordset(${rowsJson(upserted)}::text::jsonb) as r(${sql.unsafe(RECORD)})
          on conflict (generation, id) do update set ${sql.unsafe(REPLACE)}),
        notified as (
          select pg_notify(${this.#channel}, '{"generation":' || moved.generation || '}') from moved)
        select (select count(*)::int from moved) as moved, (select count(*)::int from notified) as notified`;
      return r!["moved"] === 1;
    });
  }

  async get(id: string): Promise<SelectedItem | undefined> {
    if (typeof id !== "string") throw invalidArgument("id", `a string, got ${typeof id}`);
    const [row] = await this.#run(
      "reading an item",
      () =>
        this
          .sql`select i.item, i.item_text from ${this.#t.items} i join ${this.#t.state} s on s.id = 1 and i.generation = s.generation where i.id = ${keyOf(id)}`,
    );
    return row ? itemOf(row) : undefined;
  }

  async ids(): Promise<string[]> {
    // A hashed key's id is read from its item (rare: ids over 1000 bytes, or holding U+0000).
    const rows = await this.#run(
      "reading ids",
      () => this
        .sql`select i.id, case when left(i.id, 1) = ${"\u0001"} then i.item_text end as text, case when left(i.id, 1) = ${"\u0001"} then i.item end as item
      from ${this.#t.items} i join ${this.#t.state} s on s.id = 1 and i.generation = s.generation`,
    );
    return rows.map((r) =>
      isHashedKey(r["id"])
        ? (jsonOf(r["item"], r["text"]) as { id: string }).id
        : (r["id"] as string),
    );
  }

  async entries(): Promise<SelectedItem[]> {
    const items: SelectedItem[] = [];
    for await (const item of this.iterate()) items.push(item);
    return items;
  }

  async count(): Promise<number> {
    const [row] = await this.#run(
      "counting items",
      () =>
        this
          .sql`select count(*)::int as n from ${this.#t.items} i join ${this.#t.state} s on s.id = 1 and i.generation = s.generation`,
    );
    return row!["n"] as number;
  }

  async query(
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
    const sql = this.sql;
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
    const rows = await this.#run(
      "querying items",
      () => sql`
      select i.item, i.item_text, coalesce(i.published_at, i.discovered_at) as t from ${this.#t.items} i
      where i.generation = (select generation from ${this.#t.state} where id = 1)
        ${category === undefined ? sql`` : sql`and i.category = ${keyOf(category)}`}
        ${since === undefined ? sql`` : sql`and ${time} >= ${since}`}
        ${q === undefined ? sql`` : sql`and (i.item->>'title' ilike ${q} or i.item->>'summary' ilike ${q})`}
        ${from}
      order by ${time} desc, i.id desc
      limit ${limit + 1}`,
    );
    const items = rows.slice(0, limit).map(itemOf);
    const last = items.at(-1);
    const lastTime = rows[limit - 1]?.["t"];
    return {
      items,
      next:
        rows.length > limit && last
          ? {
              time:
                lastTime === null || lastTime === undefined
                  ? null
                  : new Date(lastTime).toISOString(),
              id: last.id,
            }
          : undefined,
    };
  }

  async *iterate(
    filter: ItemFilter = {},
    options: { pageSize?: number } = {},
  ): AsyncGenerator<SelectedItem, void, undefined> {
    let after: ItemPageCursor | undefined;
    for (;;) {
      const page = await this.query(filter, {
        limit: options.pageSize ?? 1000,
        ...(after ? { after } : {}),
      });
      yield* page.items;
      if (!page.next) return;
      after = page.next;
    }
  }

  async subscribe(
    onChange: (notice: ChangeNotice) => void,
    options: SubscribeOptions = {},
  ): Promise<() => Promise<void>> {
    const pollMs = options.pollMs ?? SUBSCRIBE_POLL_MS;
    if (!(Number.isFinite(pollMs) && (pollMs === 0 || pollMs >= 100)))
      throw invalidOption("pollMs", `0 (off) or at least 100 ms, got ${String(pollMs)}`);
    // What the reader last saw: its `since` (cursor only), then each state reported.
    let last: { cursor: string | undefined; generation: number | undefined } = {
      cursor: options.since,
      generation: undefined,
    };
    let closed = false;
    // One re-read at a time, in the order notifications came; a burst of them needs one more read, not one each.
    let reading: Promise<void> = Promise.resolve();
    let queued = false;
    const check = () => {
      if (queued || closed) return;
      queued = true;
      reading = reading.then(async () => {
        queued = false;
        const state = await this.getState().catch(() => undefined);
        if (closed || state?.cursor === undefined) return;
        const moved =
          state.cursor !== last.cursor ||
          (last.generation !== undefined && state.generation !== last.generation);
        last = { cursor: state.cursor, generation: state.generation };
        if (moved) onChange({ generation: state.generation, cursor: state.cursor });
      });
    };
    // Without `since`, the reader has seen the state as it is now.
    if (options.since === undefined) {
      const state = await this.getState();
      last = { cursor: state.cursor, generation: state.generation };
    }
    // LISTEN needs a session of its own, which a transaction-mode pooler does not give: `directUrl` when set.
    const listenSql =
      this.#directUrl === undefined ? this.sql : connect(this.#directUrl, { max: 1 });
    if (listenSql !== this.sql) this.#listeners.add(listenSql);
    // postgres.js calls onlisten once listening, and again after each reconnect: a re-read then
    // catches up on whatever passed meanwhile (and, the first time, on a store that moved since `since`).
    const listener = await this.#run("subscribing to changes", () =>
      listenSql.listen(this.#channel, check, check),
    );
    await reading;
    const timer = pollMs > 0 ? setInterval(check, pollMs) : undefined;
    timer?.unref?.();
    return async () => {
      closed = true;
      clearInterval(timer);
      await listener.unlisten().catch(() => {});
      await reading;
      if (listenSql !== this.sql) {
        this.#listeners.delete(listenSql);
        await listenSql.end({ timeout: 5 }).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.#listeners].map((l) => l.end({ timeout: 5 })));
    await this.sql.end({ timeout: 5 });
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
