import type { ChangesPage, SelectedItem } from "@feedgate/kit/mirror";
import { encodeText, keyOf } from "./cells.js";
import type { StoreContext } from "./context.js";
import { RECORD, REPLACE, rowOf, rowsJson } from "./rows.js";

export function applyPage(ctx: StoreContext, page: ChangesPage): Promise<boolean> {
  return ctx.write("applying a changes page", async () => {
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
    const upserted = [...last.values()].flatMap((c) => (c.op === "upsert" ? [rowOf(c.item)] : []));
    const sql = ctx.sql;
    const [r] = await sql`with moved as (
        update ${ctx.t.state} set cursor = ${encodeText(page.cursor)}, updated_at = now()
        where id = 1 and cursor = ${encodeText(page.expectedCursor)}
        returning generation),
      removed as (
        delete from ${ctx.t.items} i using moved
        where i.generation = moved.generation and i.id = any(${removed}::text[])),
      upserted as (
        insert into ${ctx.t.items} (generation, id, category, published_at, discovered_at, item, item_text)
        select moved.generation, r.id, r.category, r.published_at, r.discovered_at, r.item, r.item_text
        from moved, jsonb_to_recordset(${rowsJson(upserted)}::text::jsonb) as r(${sql.unsafe(RECORD)})
        on conflict (generation, id) do update set ${sql.unsafe(REPLACE)}),
      notified as (
        select pg_notify(${ctx.channel}, '{"generation":' || moved.generation || '}') from moved)
      select (select count(*)::int from moved) as moved, (select count(*)::int from notified) as notified`;
    return r!["moved"] === 1;
  });
}
