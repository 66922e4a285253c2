// One table per generation: a snapshot loads into a table of its own, which
// becomes the readers' set when it is attached at commit; old generations go as whole tables.
import type postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import type { PostgresMirrorStore } from "../../src/index.js";
import { commitOnePage, postgresTestBed } from "../support/bed.js";

const bed = postgresTestBed("g");
const item = (id: string) =>
  ({
    id,
    title: `title ${id}`,
    category: "paper",
    publishedAt: "2026-11-20T00:00:00.000Z",
  }) as never;
const open = (schema = bed.freshSchema()): Promise<PostgresMirrorStore> => bed.store({ schema });
const admins: postgres.Sql[] = [];
function admin() {
  const sql = bed.admin();
  admins.push(sql);
  return sql;
}
afterEach(async () => {
  await Promise.all(admins.splice(0).map((sql) => sql.end({ timeout: 5 })));
});

const snapshot = (store: PostgresMirrorStore, ids: string[]) => commitOnePage(store, ids.map(item));

async function generationTables(sql: postgres.Sql, schema: string) {
  const rows =
    await sql`select c.relname, c.relispartition from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = ${schema} and c.relkind = 'r' and c.relname like 'items%' order by c.relname`;
  return rows.map((r) => `${r["relname"]}${r["relispartition"] ? "" : " (pending)"}`);
}

/** The ids of the whole set, read one item per page (at most `pages` pages). */
async function onePerPage(store: PostgresMirrorStore, pages: number): Promise<string[]> {
  const ids: string[] = [];
  let after: Parameters<typeof store.query>[1] = {};
  for (let k = 0; k < pages; k++) {
    const page = await store.query({}, { limit: 1, ...after });
    ids.push(...page.items.map((i) => i.id));
    if (!page.next) break;
    after = { after: page.next };
  }
  return ids;
}

describe("a generation is a table of its own", () => {
  it("a pending snapshot has its own table; commit attaches it with every index and drops the old one", async () => {
    const store = await open();
    const sql = admin();
    const first = await snapshot(store, ["a", "b"]);
    expect(await generationTables(sql, store.schema)).toEqual([`items_${first}`]);
    const g = await store.beginSnapshot("default");
    await store.putSnapshotPage(g, { items: [item("c")], cursor: "c1", nextPage: null });
    // Readers still see the committed set while the pass loads.
    expect((await store.ids()).sort()).toEqual(["a", "b"]);
    expect(await generationTables(sql, store.schema)).toEqual([
      `items_${first}`,
      `items_${g} (pending)`,
    ]);
    expect(await store.commitSnapshot(g)).toBe(true);
    expect(await store.ids()).toEqual(["c"]);
    expect(await generationTables(sql, store.schema)).toEqual([`items_${g}`]);
    const indexes =
      await sql`select indexname from pg_indexes where schemaname = ${store.schema} and tablename = ${`items_${g}`}`;
    expect(indexes).toHaveLength(3);
  });

  it("a pass given up is dropped with its table when the next one begins", async () => {
    const store = await open();
    const sql = admin();
    const first = await snapshot(store, ["a"]);
    const abandoned = await store.beginSnapshot("default");
    await store.putSnapshotPage(abandoned, { items: [item("x")], cursor: "c1", nextPage: "p2" });
    const next = await store.beginSnapshot("default");
    expect(await generationTables(sql, store.schema)).toEqual([
      `items_${first}`,
      `items_${next} (pending)`,
    ]);
    expect(
      await store.putSnapshotPage(abandoned, { items: [], cursor: "c1", nextPage: null }),
    ).toBe(false);
  });

  it("a reader holding the table does not stall a commit: the old partition goes at the next snapshot", async () => {
    const store = await open();
    const sql = admin();
    const first = await snapshot(store, ["a"]);
    // A reader inside a long transaction holds a lock on the partitioned table.
    const reader = await sql.reserve();
    await reader`begin`;
    await reader`select count(*) from ${sql(`${store.schema}.items`)}`;
    const g = await store.beginSnapshot("default");
    await store.putSnapshotPage(g, { items: [item("b")], cursor: "c1", nextPage: null });
    expect(await store.commitSnapshot(g)).toBe(true);
    expect(await store.ids()).toEqual(["b"]);
    // The old generation is still there (its drop gave up on the lock), and seen by nobody.
    expect(await generationTables(sql, store.schema)).toEqual([`items_${first}`, `items_${g}`]);
    await reader`commit`;
    reader.release();
    const third = await snapshot(store, ["c"]);
    expect(await generationTables(sql, store.schema)).toEqual([`items_${third}`]);
  });
});

describe("query pages in the time index's order", () => {
  it("pages of one walk timed items newest first, then the timeless ones by id, each once", async () => {
    const store = await open();
    await commitOnePage(store, [
      { id: "t20", publishedAt: "2026-11-20T00:00:00Z" },
      { id: "none-a" },
      { id: "t21", discoveredAt: "2026-11-21T00:00:00Z" },
      { id: "none-b", publishedAt: "not a time" },
      { id: "t20b", publishedAt: "2026-11-20T00:00:00Z" },
    ] as never[]);
    expect(await onePerPage(store, 10)).toEqual(["t21", "t20b", "t20", "none-b", "none-a"]);
    expect((await store.query({ since: "2026-11-20T00:00:00Z" })).items.map((i) => i.id)).toEqual([
      "t21",
      "t20b",
      "t20",
    ]);
  });
});

describe("time cells", () => {
  it("the service's own ISO form goes as it is; other forms and impossible days as their Date's text", async () => {
    const { timeText } = await import("../../src/internal/cells.js");
    expect(timeText("2026-11-20T01:02:03.456Z")).toBe("2026-11-20T01:02:03.456Z");
    expect(timeText("2024-02-29T00:00:00Z")).toBe("2024-02-29T00:00:00Z");
    // JavaScript rolls these over; PostgreSQL would refuse the text (and with it the page).
    expect(timeText("2026-02-29T00:00:00Z")).toBe("2026-03-01T00:00:00.000Z");
    expect(timeText("2026-04-31T00:00:00Z")).toBe("2026-05-01T00:00:00.000Z");
    // Finer than a millisecond, or an offset: through the Date (the cursors are to the millisecond).
    expect(timeText("2026-11-20T01:02:03.456789Z")).toBe("2026-11-20T01:02:03.456Z");
    expect(timeText("2026-11-20T01:02:03+02:00")).toBe("2026-11-19T23:02:03.000Z");
    expect(timeText("not a time")).toBeNull();
    expect(timeText(42)).toBeNull();
  });

  it("items with such times are stored and queried in time order", async () => {
    const store = await open();
    const times = ["2026-02-29T00:00:00Z", "2026-11-20T01:02:03.456789Z", "2026-11-20T00:00:00Z"];
    const g = await store.beginSnapshot("default");
    await store.putSnapshotPage(g, {
      items: times.map((t, k) => ({ id: `t${k}`, publishedAt: t }) as never),
      cursor: "c1",
      nextPage: null,
    });
    expect(await store.commitSnapshot(g)).toBe(true);
    expect((await store.query({}, { limit: 1 })).items.map((i) => i.id)).toEqual(["t1"]);
    expect(await onePerPage(store, 5)).toEqual(["t1", "t2", "t0"]);
  });
});
