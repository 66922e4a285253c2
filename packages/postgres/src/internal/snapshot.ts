import type { MirrorStoreState, SelectedFields, SnapshotPage } from "@feedgate/kit/mirror";
import type postgres from "postgres";
import { decodeText, encodeText } from "./cells.js";
import type { StoreContext } from "./context.js";
import { LOCK_NOT_AVAILABLE, UNDEFINED_TABLE, UNIQUE_VIOLATION } from "./errors.js";
import { cellsAreFields, RECORD, REPLACE, rowOf, rowsJson } from "./rows.js";

export async function getState(ctx: StoreContext): Promise<MirrorStoreState> {
  return ctx.run("reading the mirror state", async () => {
    const [s] = await ctx.sql`select * from ${ctx.t.state} where id = 1`;
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

export function beginSnapshot(ctx: StoreContext, fields: SelectedFields): Promise<number> {
  return ctx.write("beginning a snapshot", () =>
    ctx.sql.begin(async (tx) => {
      const [s] =
        await tx`update ${ctx.t.state} set last_begun = last_begun + 1, pending_generation = last_begun + 1, pending_fields = ${fields},
        pending_cursor = null, pending_next_page = null, pending_items = 0, updated_at = now() where id = 1 returning last_begun, generation`;
      const generation = s!["last_begun"] as number;
      // An earlier unfinished pass is discarded with its table; so is an old generation's
      // partition the last commit could not drop (see dropOldGenerations).
      await dropOldGenerations(ctx, tx, s!["generation"] as number);
      // The pending generation's own table, with only its primary key (which finds an item
      // repeated across pages): its other indexes are built in bulk when it is attached.
      await tx`create table ${ctx.t.generation(generation)} (like ${ctx.t.items} including defaults,
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
export function putSnapshotPage(
  ctx: StoreContext,
  generation: number,
  page: SnapshotPage,
): Promise<boolean> {
  return ctx.write("storing a snapshot page", async () => {
    const items = [...new Map(page.items.map((item) => [item.id, item])).values()];
    const rows = items.map(rowOf);
    const json = rows.every((row, k) => cellsAreFields(row, items[k]!))
      ? { items: `[${rows.map((row) => row.item).join(",")}]` }
      : { rows: rowsJson(rows) };
    const stored = (upsert: boolean) => storeSnapshotPage(ctx, generation, page, json, upsert);
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

async function storeSnapshotPage(
  ctx: StoreContext,
  generation: number,
  page: SnapshotPage,
  json: { items: string } | { rows: string },
  upsert: boolean,
): Promise<boolean> {
  const sql = ctx.sql;
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
      select from ${ctx.t.state}
      where id = 1 and pending_generation = ${generation} and (pending_cursor is null or pending_cursor = ${cursor})
        and set_config('synchronous_commit', 'off', true) is not null
      for update),
    added as (
      insert into ${ctx.t.generation(generation)} (generation, id, category, published_at, discovered_at, item, item_text)
      ${source}
      where exists (select from pass)
      ${upsert ? sql`on conflict (generation, id) do update set ${sql.unsafe(REPLACE)} returning (xmax = 0) as new` : sql`returning true as new`}),
    stored as (
      update ${ctx.t.state} set pending_cursor = ${cursor}, pending_next_page = ${encodeText(page.nextPage)},
        pending_items = pending_items + (select count(*) filter (where new) from added), updated_at = now()
      where id = 1 and exists (select from pass)
      returning 1)
    select count(*)::int as stored from stored`;
  return r!["stored"] === 1;
}

export function commitSnapshot(ctx: StoreContext, generation: number): Promise<boolean> {
  return ctx.write("committing a snapshot", () =>
    ctx.sql.begin(async (tx) => {
      const [s] =
        await tx`select pending_generation, pending_cursor, pending_next_page from ${ctx.t.state} where id = 1 for update`;
      if (
        s!["pending_generation"] !== generation ||
        s!["pending_cursor"] === null ||
        s!["pending_next_page"] !== null
      )
        return false;
      await tx`update ${ctx.t.state} set generation = pending_generation, cursor = pending_cursor, fields = pending_fields,
        pending_generation = null, pending_fields = null, pending_cursor = null, pending_next_page = null, pending_items = 0, updated_at = now() where id = 1`;
      // Builds the secondary indexes and makes the rows the readers' set. It locks out other
      // DDL on the parent only (SHARE UPDATE EXCLUSIVE): readers and applyPage go on.
      await tx`alter table ${ctx.t.items} attach partition ${ctx.t.generation(generation)} for values in (${tx.unsafe(String(generation))})`;
      await notify(ctx, tx, generation);
      await dropOldGenerations(ctx, tx, generation);
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
async function dropOldGenerations(ctx: StoreContext, tx: postgres.TransactionSql, keep: number) {
  const rows =
    await tx`select c.relname, c.relispartition from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${ctx.schema} and c.relkind = 'r' and c.relname ~ '^items_[0-9]+$'`;
  for (const row of rows) {
    const generation = Number(String(row["relname"]).slice("items_".length));
    if (generation === keep) continue;
    if (!row["relispartition"]) {
      await tx`drop table ${ctx.t.generation(generation)}`;
      continue;
    }
    await tx
      .savepoint(async (sp) => {
        await sp`set local lock_timeout = '1s'`;
        await sp`drop table ${ctx.t.generation(generation)}`;
      })
      .catch((error: { code?: unknown }) => {
        if (error.code !== LOCK_NOT_AVAILABLE) throw error;
      });
  }
}

/** Tells subscribers to re-read: the payload is only the generation (a cursor may be long; nothing in it is trusted). */
function notify(ctx: StoreContext, tx: postgres.TransactionSql, generation: number) {
  return tx`select pg_notify(${ctx.channel}, ${JSON.stringify({ generation })})`;
}

/**
 * One statement, so one round trip: the compare-and-set on the cursor, the page's removes
 * and upserts in the current generation, and the notification, all or nothing.
 */
