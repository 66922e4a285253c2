import { configError } from "@feedgate/core";
import { readEnv, TOOL_ENV } from "@feedgate/core/env";
import postgres from "postgres";

/** A postgres.js client. */
export type Sql = postgres.Sql;

/** The environment variable read when `url` is omitted: the store's (or fleet's) PostgreSQL URL. */
export const STORE_ENV = TOOL_ENV.store;
/**
 * The environment variable read when `directUrl` is omitted: a URL that reaches PostgreSQL
 * itself, not through a transaction-mode pooler, for LISTEN (and the fleet's locks).
 */
export const DIRECT_ENV = TOOL_ENV.storeDirect;

/** The change channel's name: `feedgate_<schema>`; the fleet's resources notify on `<that>_resources`. */
export const storeChannel = (schema: string) => `feedgate_${schema}`;
export const resourcesChannel = (schema: string) => `feedgate_${schema}_resources`;

/**
 * The longest schema name: PostgreSQL cuts identifiers (so NOTIFY channels) at 63 bytes, and the
 * longest channel is `feedgate_<schema>_resources`.
 */
export const MAX_SCHEMA_LENGTH = 63 - resourcesChannel("").length;

/** Schema names the package accepts: a plain lower-case identifier, always quoted in SQL (so `select` works). */
const SCHEMA = /^[a-z_][a-z0-9_]*$/;

export function checkSchema(schema: unknown): string {
  if (typeof schema !== "string" || !SCHEMA.test(schema))
    throw configError(
      "schema",
      `a lower-case identifier (letters, digits, _), got ${JSON.stringify(schema)}`,
    );
  if (schema.length > MAX_SCHEMA_LENGTH)
    throw configError(
      "schema",
      `at most ${MAX_SCHEMA_LENGTH} characters (its NOTIFY channel, feedgate_<schema>_resources, must fit PostgreSQL's 63), got ${schema.length}`,
    );
  // PostgreSQL reserves these for itself: CREATE SCHEMA refuses pg_*, and information_schema is the catalog's.
  if (schema.startsWith("pg_") || schema === "information_schema")
    throw configError("schema", `${schema} is reserved by PostgreSQL: choose another name`);
  return schema;
}

/** The schema as a quoted identifier (it is checked first: only [a-z0-9_]). */
export const quoted = (schema: string) => `"${schema}"`;

/**
 * The URL given, else `FEEDGATE_STORE`; a ConfigError naming both when neither is set or the
 * value is not a postgres:// URL (the message never carries the value: it may hold a password).
 */
export function urlOf(url: string | undefined, option = "url"): string {
  const value = url ?? readEnv(STORE_ENV);
  if (value === undefined || value.trim() === "")
    throw configError(
      option,
      `a PostgreSQL URL (postgres://user:password@host:5432/database): pass ${option} or set ${STORE_ENV}`,
    );
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    throw configError(option, "not a URL (postgres://user:password@host:5432/database)");
  }
  if (!/^postgres(ql)?:$/.test(parsed.protocol))
    throw configError(option, `a postgres:// or postgresql:// URL, got ${parsed.protocol}//…`);
  return value.trim();
}

/** `directUrl` given, else `FEEDGATE_STORE_DIRECT`, else undefined (then `url` serves). */
export function directUrlOf(directUrl: string | undefined): string | undefined {
  const value = directUrl ?? readEnv(DIRECT_ENV);
  return value === undefined || value.trim() === ""
    ? undefined
    : urlOf(value, directUrl === undefined ? DIRECT_ENV : "directUrl");
}

/** A connection URL fit for logs and errors: the password (and any secret query parameter) hidden. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    for (const name of [...u.searchParams.keys()])
      if (/pass|secret|token|key/i.test(name)) u.searchParams.set(name, "***");
    return u.toString();
  } catch {
    return "[unparsable connection URL]";
  }
}

/** Replaces the URL's password wherever it appears in a message (driver errors may quote the URL). */
export function scrubPassword(text: string, url: string): string {
  let password = "";
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {}
  return password.length >= 2 ? text.split(password).join("***") : text;
}

/** The schema's tables as qualified identifiers: no statement relies on a search_path (a pooler may not pass one). */
export function tables(sql: Sql, schema: string) {
  return {
    state: sql(`${schema}.state`),
    items: sql(`${schema}.items`),
    resources: sql(`${schema}.resources`),
    /** One generation's partition (a pending snapshot's table until it is committed). */
    generation: (generation: number) => sql(`${schema}.${generationTable(generation)}`),
  };
}

/** The name of a generation's table: `items_<generation>` (a whole number the store chose, never server text). */
export function generationTable(generation: number): string {
  if (!Number.isSafeInteger(generation) || generation < 0)
    throw new TypeError(`not a generation: ${String(generation)}`);
  return `items_${generation}`;
}

/** A client's pool size. */
export interface ConnectOptions {
  /** Connections in the pool. Default: 4. */
  max?: number;
}

/**
 * Opens a client on `url`; notices are not printed. What PgBouncer in transaction mode needs:
 * no startup parameter it refuses (search_path, default_transaction_read_only: every table is
 * named with its schema instead), and unnamed statements only (`prepare: false`), as each
 * transaction may run on another server connection, where a named statement does not exist.
 */
export function connect(url: string, options: ConnectOptions = {}): Sql {
  return postgres(url, {
    max: options.max ?? 4,
    prepare: false,
    onnotice: () => {},
    connection: { application_name: "feedgate" },
  });
}
