import { createError } from "@feedgate/core";
import { quoted, type Sql } from "./connection.js";

/**
 * The schema, one version at a time. A version is never edited once released: a change is a new
 * version (nothing is released yet: version 1 is the whole pre-release history). Applied in one
 * transaction under an advisory lock, so processes starting together apply each version once;
 * running them again is a no-op.
 */
const MIGRATIONS: ReadonlyArray<{ version: number; statements: string[] }> = [
  {
    version: 1,
    statements: [
      // The current set and a pending snapshot live side by side as generations of one table.
      `create table state (
        id int primary key default 1 check (id = 1),
        generation int not null default 0,
        last_begun int not null default 0,
        cursor text,
        fields text,
        pending_generation int,
        pending_fields text,
        pending_cursor text,
        pending_next_page text,
        pending_items int not null default 0,
        updated_at timestamptz not null default now()
      )`,
      `insert into state (id) values (1)`,
      // One partition per generation: a snapshot is loaded into a table of its own with only its
      // primary key, and its other indexes are built once, in bulk, when it is attached at commit
      // (a third faster than keeping them up to date row by row); the old generation is dropped
      // as a table. jsonb cannot hold U+0000 nor a lone surrogate: such an item is kept exactly
      // as JSON text in item_text, beside a jsonb copy with those characters replaced by U+FFFD.
      // Search reads title and summary from the item.
      `create table items (
        generation int not null,
        id text not null,
        category text,
        published_at timestamptz,
        discovered_at timestamptz,
        item jsonb not null,
        item_text text,
        primary key (generation, id)
      ) partition by list (generation)`,
      `create table items_0 partition of items for values in (0)`,
      `create index items_category on items (generation, category)`,
      // `query` orders and pages by the item's time (published, else discovered; none sorts
      // last, as -infinity), then id: a page is read in order from where the last one ended.
      // Not with the id as its last column: the planner, before a new partition has statistics,
      // then took it for lookups by id over the primary key.
      `create index items_time on items (generation, (coalesce(published_at, discovered_at, '-infinity')) desc)`,
      // One row per polled resource: what the fleet's leader last saw, for any member to read
      // (body_text as item_text is for items).
      `create table resources (
        name text primary key,
        etag text,
        cache_control text,
        next_poll_at timestamptz,
        body jsonb,
        body_text text,
        fetched_at timestamptz,
        leader text
      )`,
    ],
  },
];

/** The schema version the newest migration brings the tables to. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** Creates the schema if needed and applies every missing version. Returns the versions applied now. */
export async function migrate(sql: Sql, schema: string): Promise<number[]> {
  const name = quoted(schema);
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${`feedgate:migrate:${schema}`}))`;
    await tx.unsafe(`create schema if not exists ${name}`);
    // Every statement of this transaction names the schema's tables unqualified.
    await tx.unsafe(`set local search_path to ${name}`);
    await tx.unsafe(
      `create table if not exists migrations (version int primary key, applied_at timestamptz not null default now())`,
    );
    const done = new Set(
      (await tx.unsafe(`select version from migrations`)).map((r) => Number(r["version"])),
    );
    newer(schema, Math.max(0, ...done));
    const applied: number[] = [];
    for (const { version, statements } of MIGRATIONS) {
      if (done.has(version)) continue;
      for (const statement of statements) await tx.unsafe(statement);
      await tx.unsafe(`insert into migrations (version) values ($1)`, [version]);
      applied.push(version);
    }
    return applied;
  });
}

/** A schema migrated by a newer release: this one must not write (nor read) it. */
function newer(schema: string, version: number): void {
  if (version > SCHEMA_VERSION)
    throw createError({
      kind: "config",
      code: "schema_too_new",
      option: "schema",
      message: `schema ${schema} is at version ${version}, newer than this release's ${SCHEMA_VERSION}: upgrade @feedgate/postgres`,
    });
}

/**
 * For a read-only open: checks, without any DDL, that the schema holds this release's tables.
 * A missing schema or an older version is a ConfigError that says what to run.
 */
export async function checkMigrated(sql: Sql, schema: string): Promise<void> {
  const [row] =
    await sql`select to_regclass(${`${quoted(schema)}.migrations`}) is not null as present`;
  if (!row?.["present"])
    throw createError({
      kind: "config",
      code: "no_store",
      option: "schema",
      message: `schema ${schema} holds no mirror store: open it once read-write (a fleet or \`feedgate mirror\` creates it)`,
    });
  const [v] = await sql.unsafe(
    `select coalesce(max(version), 0) as version from ${quoted(schema)}.migrations`,
  );
  const version = Number(v?.["version"]);
  newer(schema, version);
  if (version < SCHEMA_VERSION)
    throw createError({
      kind: "config",
      code: "schema_too_old",
      option: "schema",
      message: `schema ${schema} is at version ${version}, older than this release's ${SCHEMA_VERSION}: open it once read-write to migrate it`,
    });
}
