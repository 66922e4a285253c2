import type { Sql } from "./connection.js";

/**
 * The schema, one version at a time. A version is never edited once released: a change is a new
 * version. Applied in one transaction under an advisory lock, so processes starting together
 * apply each version once; running them again is a no-op.
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
      `create table items (
        generation int not null,
        id text not null,
        category text,
        published_at timestamptz,
        discovered_at timestamptz,
        title text,
        summary text,
        item jsonb not null,
        primary key (generation, id)
      )`,
      `create index items_category on items (generation, category)`,
      `create index items_published on items (generation, published_at desc)`,
      `create index items_discovered on items (generation, discovered_at desc)`,
      // One row per polled resource: what the fleet's leader last saw, for any member to read.
      `create table resources (
        name text primary key,
        etag text,
        cache_control text,
        next_poll_at timestamptz,
        body jsonb,
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
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${`feedgate:migrate:${schema}`}))`;
    await tx.unsafe(`create schema if not exists ${schema}`);
    await tx.unsafe(`create table if not exists ${schema}.migrations (version int primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await tx.unsafe(`select version from ${schema}.migrations`)).map((r) => Number(r["version"])));
    const applied: number[] = [];
    for (const { version, statements } of MIGRATIONS) {
      if (done.has(version)) continue;
      for (const statement of statements) await tx.unsafe(statement.replace(/^(create table|create index \w+ on|insert into) (\w+)/, `$1 ${schema}.$2`));
      await tx.unsafe(`insert into ${schema}.migrations (version) values ($1)`, [version]);
      applied.push(version);
    }
    return applied;
  });
}
