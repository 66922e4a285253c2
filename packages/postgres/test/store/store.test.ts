import { createFeedClient } from "@feedgate/feed-client";
import { createSelectedMirror } from "@feedgate/kit/mirror";
import postgres from "postgres";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ItemPageCursor,
  openPostgresStore,
  type PostgresMirrorStore,
  SCHEMA_VERSION,
} from "../../src/index.js";
import { commitOnePage, postgresTestBed, postgresUrl } from "../support/bed.js";

/** Each test its own schema: the tests share one server, never their tables. */
const bed = postgresTestBed("t");
const { freshSchema } = bed;
const url = postgresUrl;
const item = (id: string, extra: Record<string, unknown> = {}) =>
  ({
    id,
    title: `title ${id}`,
    summary: `summary ${id}`,
    category: "paper",
    publishedAt: "2026-11-20T00:00:00.000Z",
    discoveredAt: "2026-11-20T00:00:00.000Z",
    ...extra,
  }) as never;

/** One snapshot page of plain items. */
const put = (
  store: PostgresMirrorStore,
  generation: number,
  ids: string[],
  cursor: string,
  nextPage: string | null,
) => store.putSnapshotPage(generation, { items: ids.map((id) => item(id)), cursor, nextPage });

const open = (schema = freshSchema()): Promise<PostgresMirrorStore> => bed.store({ schema });

describe("schema and migrations", () => {
  it("creates the schema on open; opening again (even 3 at once) applies nothing twice", async () => {
    const schema = freshSchema();
    const three = await Promise.all([open(schema), open(schema), open(schema)]);
    const sql = postgres(url(), { onnotice: () => {} });
    const versions = await sql.unsafe(`select version from ${schema}.migrations`);
    expect(versions.map((v) => v["version"])).toEqual([1]);
    expect(SCHEMA_VERSION).toBe(1);
    const tables =
      await sql`select table_name from information_schema.tables where table_schema = ${schema} order by 1`;
    expect(tables.map((t) => t["table_name"])).toEqual([
      "items",
      "items_0",
      "migrations",
      "resources",
      "state",
    ]);
    await sql.end();
    expect(three.every((s) => s.schema === schema)).toBe(true);
  });

  it("refuses a schema name that is not a plain identifier, before connecting", async () => {
    await expect(openPostgresStore({ url: url(), schema: "x; drop table y" })).rejects.toThrow(
      /lower-case identifier/,
    );
  });

  it("a wrong password is an error that never shows it", async () => {
    const bad = url().replace(/:[^:@/]+@/, ":s3cret-wrong-pw@");
    const error = await openPostgresStore({ url: bad, schema: freshSchema() }).catch(
      (e: unknown) => e,
    );
    expect(String((error as Error).message)).not.toContain("s3cret-wrong-pw");
    expect(String((error as Error).message)).toContain("***");
  });
});

describe("the MirrorStore contract on PostgreSQL", () => {
  it("snapshot pages stay invisible until commit, then replace the set atomically", async () => {
    const store = await open();
    const g1 = await store.beginSnapshot("default");
    expect(await put(store, g1, ["a", "b"], "c1", "p2")).toBe(true);
    expect(await store.count()).toBe(0);
    expect(await store.commitSnapshot(g1)).toBe(false); // nextPage still pending
    expect(await put(store, g1, ["c"], "c1", null)).toBe(true);
    expect((await store.getState()).pending).toMatchObject({
      generation: g1,
      cursor: "c1",
      nextPage: null,
      items: 3,
    });
    expect(await store.commitSnapshot(g1)).toBe(true);
    expect((await store.ids()).sort()).toEqual(["a", "b", "c"]);
    const g2 = await store.beginSnapshot("minimal");
    await put(store, g2, ["z"], "c9", null);
    expect((await store.ids()).sort()).toEqual(["a", "b", "c"]);
    expect(await store.commitSnapshot(g2)).toBe(true);
    expect(await store.ids()).toEqual(["z"]);
    expect(await store.getState()).toMatchObject({
      cursor: "c9",
      fields: "minimal",
      generation: g2,
      pending: undefined,
    });
  });

  it("a page with another cursor, or for a generation no longer pending, is refused", async () => {
    const store = await open();
    const g1 = await store.beginSnapshot("default");
    await put(store, g1, ["a"], "c1", "p2");
    expect(await put(store, g1, ["b"], "OTHER", null)).toBe(false);
    const g2 = await store.beginSnapshot("default");
    expect(g2).toBeGreaterThan(g1);
    expect(await put(store, g1, ["b"], "c1", null)).toBe(false);
    expect(await store.commitSnapshot(g1)).toBe(false);
  });

  it("applyPage is a compare-and-set on the cursor, in ledger order, in one transaction", async () => {
    const store = await open();
    await commitOnePage(store, [item("a"), item("b")]);
    expect(
      await store.applyPage({
        expectedCursor: "stale",
        cursor: "c2",
        changes: [{ op: "remove", id: "a" }],
      }),
    ).toBe(false);
    expect((await store.ids()).sort()).toEqual(["a", "b"]);
    const changes = [
      { op: "remove" as const, id: "a" },
      { op: "upsert" as const, item: item("a", { title: "back" }) },
      { op: "upsert" as const, item: item("c") },
      { op: "remove" as const, id: "b" },
      { op: "remove" as const, id: "never-there" },
      // An upsert then a remove of the same id ends removed; two upserts, the later one wins.
      { op: "upsert" as const, item: item("d") },
      { op: "remove" as const, id: "d" },
      { op: "upsert" as const, item: item("c", { title: "again" }) },
    ];
    expect(await store.applyPage({ expectedCursor: "c1", cursor: "c2", changes })).toBe(true);
    expect((await store.ids()).sort()).toEqual(["a", "c"]);
    expect(await store.get("a")).toMatchObject({ title: "back" });
    expect(await store.get("c")).toMatchObject({ title: "again" });
    expect(await store.getCursor()).toBe("c2");
  });

  it("a snapshot page repeating an item of an earlier page replaces it and counts it once", async () => {
    const store = await open();
    const g = await store.beginSnapshot("default");
    expect(await put(store, g, ["a", "b"], "c1", "p2")).toBe(true);
    // "b" again: the plain insert meets its key and the page goes through the upsert instead.
    expect(
      await store.putSnapshotPage(g, {
        items: [item("b", { title: "newer" }), item("c")],
        cursor: "c1",
        nextPage: null,
      }),
    ).toBe(true);
    expect((await store.getState()).pending?.items).toBe(3);
    expect(await store.commitSnapshot(g)).toBe(true);
    expect((await store.ids()).sort()).toEqual(["a", "b", "c"]);
    expect(await store.get("b")).toMatchObject({ title: "newer" });
  });

  it("two writers racing on one cursor: exactly one wins", async () => {
    const schema = freshSchema();
    const [one, two] = [await open(schema), await open(schema)];
    await commitOnePage(one, [item("a")]);
    const results = await Promise.all([
      one.applyPage({
        expectedCursor: "c1",
        cursor: "c2",
        changes: [{ op: "upsert", item: item("from-one") }],
      }),
      two.applyPage({
        expectedCursor: "c1",
        cursor: "c2b",
        changes: [{ op: "upsert", item: item("from-two") }],
      }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await one.ids()).length).toBe(2);
  });
});

describe("readers", () => {
  let store: PostgresMirrorStore;
  beforeAll(async () => {
    store = await open();
    const items = Array.from({ length: 250 }, (_, i) =>
      item(`id${String(i).padStart(3, "0")}`, {
        category: i % 5 === 0 ? "paper" : "industry",
        title: i % 50 === 0 ? `Open weights release ${i}` : `news ${i}`,
        publishedAt: new Date(Date.parse("2026-11-01T00:00:00Z") + i * 3_600_000).toISOString(),
      }),
    );
    await commitOnePage(store, items);
  });

  it("pages newest first with a keyset cursor; all pages together are the set, once", async () => {
    const seen: string[] = [];
    let after: ItemPageCursor | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await store.query({}, { limit: 60, ...(after ? { after } : {}) });
      seen.push(...page.items.map((i) => (i as { id: string }).id));
      if (!page.next) break;
      after = page.next;
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect(seen[0]).toBe("id249");
  });

  it("filters by category, since and text; iterate streams the same", async () => {
    expect((await store.query({ category: "paper" }, { limit: 1000 })).items).toHaveLength(50);
    expect(
      (await store.query({ since: "2026-11-11T00:00:00Z" }, { limit: 1000 })).items,
    ).toHaveLength(10);
    const found = (await store.query({ q: "open WEIGHTS" }, { limit: 1000 })).items.map(
      (i) => (i as { id: string }).id,
    );
    expect(found.sort()).toEqual(["id000", "id050", "id100", "id150", "id200"]);
    let n = 0;
    for await (const _ of store.iterate({ category: "industry" }, { pageSize: 37 })) n++;
    expect(n).toBe(200);
  });

  it("subscribers hear every commit and applied page, and catch up from a stale cursor", async () => {
    // A store of its own: the page applied here must not change what the other readers' tests
    // see, whatever order they run in.
    const own = await open();
    await commitOnePage(own, [item("id000")]);
    const heard: string[] = [];
    let heardTwo = () => {};
    const second = new Promise<void>((resolve) => {
      heardTwo = resolve;
    });
    const unsubscribe = await own.subscribe(
      (notice) => {
        heard.push(notice.cursor);
        if (heard.length >= 2) heardTwo();
      },
      { since: "an-old-cursor" },
    );
    expect(heard).toEqual(["c1"]); // caught up at once
    await own.applyPage({
      expectedCursor: "c1",
      cursor: "c2",
      changes: [{ op: "remove", id: "id000" }],
    });
    await second; // the notification of c2 (bounded by the test's timeout)
    expect(heard).toEqual(["c1", "c2"]);
    await unsubscribe();
  });
});

describe("a mirror on PostgreSQL equals the service's set", () => {
  it("snapshot, churn, a forced re-snapshot: 0 lost, 0 duplicated", async () => {
    const fake = await bed.feed({ data: "empty", seed: 5 });
    for (let i = 0; i < 1200; i++)
      fake.selected.upsert({
        id: `s${i}`,
        title: `item ${i}`,
        discoveredAt: new Date(fake.clock.now()).toISOString(),
        category: "paper",
      } as never);
    const store = await open();
    const mirror = createSelectedMirror({
      client: createFeedClient({ baseUrl: fake.url }),
      store,
      sleep: async () => {},
    });
    await mirror.sync();
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 40; i++) {
        const id = `s${(round * 97 + i * 13) % 1400}`;
        if (i % 3 === 0) fake.selected.remove(id);
        else
          fake.selected.upsert({
            id,
            title: `r${round} ${id}`,
            discoveredAt: new Date(fake.clock.now()).toISOString(),
            category: "paper",
          } as never);
      }
      if (round === 2) fake.selected.requireSnapshot();
      await mirror.sync();
    }
    const truth = fake.selected.truth();
    const mine = await store.entries();
    expect(mine).toHaveLength(truth.length);
    expect(new Set(mine.map((i) => (i as { id: string }).id)).size).toBe(truth.length);
    const byId = new Map(mine.map((i) => [(i as { id: string }).id, i]));
    for (const t of truth) expect(byId.get(t.id)).toEqual(t);
  });
});
