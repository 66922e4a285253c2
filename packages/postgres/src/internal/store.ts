import { checkOptionNames, configError } from "@feedgate/core";
import type { MirrorStore, SelectedItem } from "@feedgate/kit/mirror";
import { applyPage } from "./changes.js";
import { checkSchema, connect, directUrlOf, redactUrl, type Sql, urlOf } from "./connection.js";
import { storeContext } from "./context.js";
import { storeError } from "./errors.js";
import { checkMigrated, migrate } from "./migrations.js";
import type { ItemFilter, ItemPage, ItemPageCursor } from "./readers.js";
import * as readers from "./readers.js";
import { beginSnapshot, commitSnapshot, getState, putSnapshotPage } from "./snapshot.js";
import { type ChangeNotice, type SubscribeOptions, subscribe } from "./subscribe.js";

export type { ChangeNotice, ItemFilter, ItemPage, ItemPageCursor, SubscribeOptions };

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
    throw configError("maxConnections", `a whole number from 1 to 100, got ${String(max)}`);
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
  const ctx = storeContext(sql, schema, url, directUrl, readOnly);
  return {
    sql,
    schema,
    readOnly,
    getState: () => getState(ctx),
    getCursor: async () => (await getState(ctx)).cursor,
    beginSnapshot: (fields) => beginSnapshot(ctx, fields),
    putSnapshotPage: (generation, page) => putSnapshotPage(ctx, generation, page),
    commitSnapshot: (generation) => commitSnapshot(ctx, generation),
    applyPage: (page) => applyPage(ctx, page),
    get: (id) => readers.get(ctx, id),
    ids: () => readers.ids(ctx),
    entries: () => readers.entries(ctx),
    count: () => readers.count(ctx),
    query: (filter, page) => readers.query(ctx, filter, page),
    iterate: (filter, options) => readers.iterate(ctx, filter, options),
    subscribe: (onChange, options) => subscribe(ctx, onChange, options),
    async close() {
      await Promise.allSettled([...ctx.listeners].map((l) => l.end({ timeout: 5 })));
      await sql.end({ timeout: 5 });
    },
  };
}
