// One table per generation (schema version 3): a snapshot loads into a table of its own, which
// becomes the readers' set when it is attached at commit; old generations go as whole tables.
import type postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import type { PostgresMirrorStore } from "../../src/index.js";
import { postgresTestBed } from "../support/bed.js";

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

async function snapshot(store: PostgresMirrorStore, ids: string[]) {
  const g = await store.beginSnapshot("default");
  expect(
    await store.putSnapshotPage(g, { items: ids.map(item), cursor: "c1", nextPage: null }),
  ).toBe(true);
  expect(await store.commitSnapshot(g)).toBe(true);
  return g;
}

async function snapshotOf(store: PostgresMirrorStore, items: never[]) {
  const g = await store.beginSnapshot("default");
  expect(await store.putSnapshotPage(g, { items, cursor: "c1", nextPage: null })).toBe(true);
  expect(await store.commitSnapshot(g)).toBe(true);
}

async function generationTables(sql: postgres.Sql, schema: string) {
  const rows =
    await sql`select c.relname, c.relispartition from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = ${schema} and c.relkind = 'r' and c.relname like 'items%' order by c.relname`;
  return rows.map((r) => `${r["relname"]}${r["relispartition"] ? "" : " (pending)"}`);
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

describe("schema version 2 moves to version 3", () => {
  it("the committed set moves into its partition; a pass in flight restarts", async () => {
    const schema = bed.freshSchema();
    const sql = admin();
    // The tables as version 2 left them: one table for every generation, a pass in flight.
    await sql.unsafe(`create schema "${schema}"`);
    await sql.unsafe(`set search_path to "${schema}"`);
    await sql.unsafe(
      `create table migrations (version int primary key, applied_at timestamptz not null default now())`,
    );
    await sql.unsafe(`insert into migrations (version) values (1), (2)`);
    await sql.unsafe(`create table state (id int primary key default 1 check (id = 1), generation int not null default 0,
      last_begun int not null default 0, cursor text, fields text, pending_generation int, pending_fields text,
      pending_cursor text, pending_next_page text, pending_items int not null default 0, updated_at timestamptz not null default now())`);
    await sql.unsafe(
      `insert into state (id, generation, last_begun, cursor, fields, pending_generation, pending_cursor, pending_next_page, pending_items)
       values (1, 4, 5, 'live-cursor', 'default', 5, 'c1', 'p2', 1)`,
    );
    await sql.unsafe(`create table items (generation int not null, id text not null, category text, published_at timestamptz,
      discovered_at timestamptz, title text, summary text, item jsonb not null, item_text text, primary key (generation, id))`);
    await sql.unsafe(`create index items_category on items (generation, category)`);
    await sql.unsafe(`create index items_published on items (generation, published_at desc)`);
    await sql.unsafe(`create index items_discovered on items (generation, discovered_at desc)`);
    await sql.unsafe(`create table resources (name text primary key, etag text, cache_control text, next_poll_at timestamptz,
      body jsonb, fetched_at timestamptz, leader text, body_text text)`);
    await sql.unsafe(
      `insert into items (generation, id, category, published_at, item) values
       (4, 'live-1', 'paper', '2026-11-20T00:00:00Z', '{"id":"live-1","category":"paper"}'),
       (4, 'live-2', 'paper', '2026-11-21T00:00:00Z', '{"id":"live-2","category":"paper"}'),
       (5, 'pending-1', 'paper', null, '{"id":"pending-1"}')`,
    );
    const store = await open(schema);
    const state = await store.getState();
    expect(state).toMatchObject({ generation: 4, cursor: "live-cursor", pending: undefined });
    expect((await store.ids()).sort()).toEqual(["live-1", "live-2"]);
    expect((await store.query({ category: "paper" })).items.map((i) => i.id)).toEqual([
      "live-2",
      "live-1",
    ]);
    expect(await generationTables(sql, schema)).toEqual(["items_4"]);
    // The next pass works as on a new store.
    await snapshot(store, ["n"]);
    expect(await store.ids()).toEqual(["n"]);
  });
});

describe("schema version 3 moves to version 4", () => {
  it("title and summary columns go, a pass in flight goes on, and search reads the item", async () => {
    const store = await open();
    const sql = admin();
    const committed = await snapshot(store, ["a"]);
    const g = await store.beginSnapshot("default");
    expect(
      await store.putSnapshotPage(g, { items: [item("b")], cursor: "c1", nextPage: "p2" }),
    ).toBe(true);
    // Back to version 3's tables: the parent (and so its partitions) and the pending table
    // have the two columns, the two time indexes are back, and the migrations table says 3.
    await sql.unsafe(`set search_path to "${store.schema}"`);
    await sql.unsafe(`alter table items add column title text, add column summary text`);
    await sql.unsafe(`alter table items_${g} add column title text, add column summary text`);
    await sql.unsafe(`drop index items_time`);
    await sql.unsafe(`create index items_published on items (generation, published_at desc)`);
    await sql.unsafe(`create index items_discovered on items (generation, discovered_at desc)`);
    await sql.unsafe(`delete from migrations where version = 4`);
    await sql.unsafe(`update items set title = 'x'`);
    const reopened = await open(store.schema);
    const columns = async (table: string) =>
      (
        await sql`select column_name from information_schema.columns where table_schema = ${store.schema} and table_name = ${table} order by 1`
      ).map((r) => r["column_name"]);
    for (const table of ["items", `items_${committed}`, `items_${g}`])
      expect(await columns(table)).toEqual([
        "category",
        "discovered_at",
        "generation",
        "id",
        "item",
        "item_text",
        "published_at",
      ]);
    expect((await reopened.getState()).pending).toMatchObject({ generation: g, nextPage: "p2" });
    expect(
      await reopened.putSnapshotPage(g, { items: [item("c")], cursor: "c1", nextPage: null }),
    ).toBe(true);
    expect(await reopened.commitSnapshot(g)).toBe(true);
    expect((await reopened.ids()).sort()).toEqual(["b", "c"]);
    expect((await reopened.query({ q: "TITLE c" })).items.map((i) => i.id)).toEqual(["c"]);
    const indexes =
      await sql`select indexname from pg_indexes where schemaname = ${store.schema} and tablename = 'items' order by 1`;
    expect(indexes.map((r) => r["indexname"])).toEqual([
      "items_category",
      "items_pkey",
      "items_time",
    ]);
  });
});

describe("a snapshot page's commit", () => {
  it("does not wait for the disk; the snapshot's commit does, and the setting ends with each page", async () => {
    // One connection, so every reading is of the connection that stored the pages.
    const store = await bed.store({ maxConnections: 1 });
    // The WAL flushes this connection's process has waited for (PostgreSQL 18's per-backend I/O).
    const walSyncs = async () => {
      await store.sql`select pg_stat_force_next_flush()`;
      const [row] =
        await store.sql`select coalesce(sum(fsyncs), 0)::int as n from pg_stat_get_backend_io(pg_backend_pid()) where object = 'wal'`;
      return row!["n"] as number;
    };
    const g = await store.beginSnapshot("default");
    const before = await walSyncs();
    for (const [k, id] of ["a", "b", "c"].entries())
      expect(
        await store.putSnapshotPage(g, {
          items: [item(id)],
          cursor: "c1",
          nextPage: k < 2 ? `p${k + 2}` : null,
        }),
      ).toBe(true);
    expect(await walSyncs()).toBe(before);
    const [setting] = await store.sql`show synchronous_commit`;
    expect(setting!["synchronous_commit"]).toBe("on");
    expect(await store.commitSnapshot(g)).toBe(true);
    expect(await walSyncs()).toBeGreaterThan(before);
    expect((await store.ids()).sort()).toEqual(["a", "b", "c"]);
  });
});

describe("a snapshot page's two forms", () => {
  it("items whose fields are the cells go alone; a page with one odd item goes as rows; both store the same", async () => {
    const plain = (k: number) =>
      ({
        id: `p${k}`,
        title: `title ${k}`,
        category: k % 2 ? "paper" : null,
        publishedAt: k % 3 ? `2026-11-2${k}T00:00:00.000Z` : undefined,
        discoveredAt: "2026-11-01T00:00:00Z",
      }) as never;
    const read = async (store: PostgresMirrorStore) => ({
      items: await Promise.all(["p1", "p2", "p3"].map((id) => store.get(id))),
      order: (await store.query({})).items.map((i) => i.id).filter((id) => id.startsWith("p")),
      paper: (await store.query({ category: "paper" })).items.map((i) => i.id),
      since: (await store.query({ since: "2026-11-22T00:00:00Z" })).items.map((i) => i.id),
    });
    const alone = await open();
    await snapshotOf(alone, [plain(1), plain(2), plain(3)]);
    const asRows = await open();
    // An offset time is not the service's form: this page's cells are worked out in JavaScript.
    await snapshotOf(asRows, [
      plain(1),
      plain(2),
      plain(3),
      { id: "odd", publishedAt: "2026-11-20T01:00:00+01:00" } as never,
    ]);
    const [a, b] = [await read(alone), await read(asRows)];
    expect(a).toEqual(b);
    expect(a.order).toEqual(["p2", "p1", "p3"]);
    expect(a.paper).toEqual(["p1", "p3"]);
    expect(a.since).toEqual(["p2"]);
    expect(await asRows.get("odd")).toEqual({
      id: "odd",
      publishedAt: "2026-11-20T01:00:00+01:00",
    });
  });
});

describe("query pages in the time index's order", () => {
  it("pages of one walk timed items newest first, then the timeless ones by id, each once", async () => {
    const store = await open();
    await snapshotOf(store, [
      { id: "t20", publishedAt: "2026-11-20T00:00:00Z" },
      { id: "none-a" },
      { id: "t21", discoveredAt: "2026-11-21T00:00:00Z" },
      { id: "none-b", publishedAt: "not a time" },
      { id: "t20b", publishedAt: "2026-11-20T00:00:00Z" },
    ] as never[]);
    const ids: string[] = [];
    let after: Parameters<typeof store.query>[1] = {};
    for (let k = 0; k < 10; k++) {
      const page = await store.query({}, { limit: 1, ...after });
      ids.push(...page.items.map((i) => i.id));
      if (!page.next) break;
      after = { after: page.next };
    }
    expect(ids).toEqual(["t21", "t20b", "t20", "none-b", "none-a"]);
    expect((await store.query({ since: "2026-11-20T00:00:00Z" })).items.map((i) => i.id)).toEqual([
      "t21",
      "t20b",
      "t20",
    ]);
  });
});

describe("time cells", () => {
  it("the service's own ISO form goes as it is; other forms and impossible days as their Date's text", async () => {
    const { timeText } = await import("../../src/cells.js");
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
    const all: string[] = [];
    let after: Parameters<typeof store.query>[1] = {};
    for (let k = 0; k < 5; k++) {
      const page = await store.query({}, { limit: 1, ...after });
      all.push(...page.items.map((i) => i.id));
      if (!page.next) break;
      after = { after: page.next };
    }
    expect(all).toEqual(["t1", "t2", "t0"]);
  });
});
