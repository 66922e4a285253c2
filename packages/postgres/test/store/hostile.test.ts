import { randomBytes } from "node:crypto";
import { realSleep } from "@feedgate/core";
import type { FeedFake } from "@feedgate/mock";
import { describe, expect, it } from "vitest";
import { openPostgresStore, type PostgresMirrorStore } from "../../src/index.js";
import { postgresTestBed, postgresUrl, until } from "../support/bed.js";

// Issue 21, items 3 and 5: one odd item never stops the shared copy; the store's errors are
// typed and its inputs checked before any SQL.

const bed = postgresTestBed("h");
const { freshSchema, admin } = bed;
const open = bed.store;
let fake: FeedFake;

/** Items the file store keeps and PostgreSQL, as such, cannot: each one failed a whole page before. */
const odd = () => {
  const long = randomBytes(1500).toString("hex"); // 3,000 bytes that do not compress
  return [
    {
      id: "nul-title",
      title: "before\u0000after",
      summary: "s\u0000",
      category: "paper",
      publishedAt: "2026-11-20T00:00:00.000Z",
    },
    {
      id: long,
      title: "a 3,000-byte id",
      category: "paper",
      publishedAt: "2026-11-19T00:00:00.000Z",
    },
    {
      id: "long-category",
      title: "a 3,000-byte category",
      category: `c${long}`,
      publishedAt: "2026-11-18T00:00:00.000Z",
    },
    {
      id: "nul\u0000id",
      title: "an id holding NUL",
      category: "paper",
      publishedAt: "2026-11-17T00:00:00.000Z",
    },
    {
      id: "lone-surrogate",
      title: "half \ud800 a pair",
      "key\u0000": "NUL in a key",
      publishedAt: "not a date",
    },
    {
      id: "\u0001sha256:looks-hashed",
      title: "an id that looks like a hashed key",
      publishedAt: "+300000-01-01T00:00:00Z",
    },
    {
      id: "plain",
      title: "an ordinary item",
      category: "paper",
      publishedAt: "2026-11-16T00:00:00.000Z",
    },
  ] as never[];
};
const sortById = <T extends { id: string }>(items: T[]) =>
  [...items].sort((a, b) => Number(a.id > b.id) - Number(a.id < b.id));

describe("one odd item never stops the shared copy (issue 21, item 3)", () => {
  it("a snapshot page and a changes page of odd items are stored and read back exactly", async () => {
    const store = await open();
    const items = odd();
    const g = await store.beginSnapshot("default");
    expect(await store.putSnapshotPage(g, { items, cursor: "c\u00001", nextPage: null })).toBe(
      true,
    );
    expect(await store.commitSnapshot(g)).toBe(true);
    expect(await store.getCursor()).toBe("c\u00001");
    expect(sortById(await store.entries())).toEqual(sortById(items));
    expect((await store.ids()).sort()).toEqual(items.map((i: { id: string }) => i.id).sort());
    for (const item of items as { id: string }[]) expect(await store.get(item.id)).toEqual(item);
    const long = (items[2] as unknown as { category: string }).category;
    expect((await store.query({ category: long })).items.map((i) => i.id)).toEqual([
      "long-category",
    ]);
    expect((await store.query({ q: "before" })).items.map((i) => i.id)).toEqual(["nul-title"]);
    // Paging over hashed ids and times PostgreSQL cannot hold: every item once.
    const seen: string[] = [];
    for await (const item of store.iterate({}, { pageSize: 2 })) seen.push(item.id);
    expect(seen.sort()).toEqual(items.map((i: { id: string }) => i.id).sort());
    // A changes page: remove and upsert by such ids, with a cursor holding a lone surrogate.
    const longId = (items[1] as unknown as { id: string }).id;
    const changes = [
      { op: "remove" as const, id: longId },
      { op: "upsert" as const, item: { id: "nul\u0000id", title: "again\u0000" } as never },
    ];
    expect(await store.applyPage({ expectedCursor: "c\u00001", cursor: "c2\udc00", changes })).toBe(
      true,
    );
    expect(await store.getCursor()).toBe("c2\udc00");
    expect(await store.get(longId)).toBeUndefined();
    expect(await store.get("nul\u0000id")).toEqual({ id: "nul\u0000id", title: "again\u0000" });
    expect(await store.count()).toBe(items.length - 1);
  });

  it("a fleet mirrors a feed holding odd items: the shared copy equals the service's set", async () => {
    fake = await bed.feed({ data: "empty", cacheControl: { selectedChanges: 1 } });
    for (let i = 0; i < 50; i++) fake.selected.upsert({ id: `m${i}`, title: `t${i}` } as never);
    for (const item of odd()) fake.selected.upsert(item);
    const schema = freshSchema();
    const errors: string[] = [];
    // The mirror follows the changes at the document's cadence (a minute): its waits are cut
    // to 100 ms here, so the changes arrive within the test.
    const sleep = (ms: number, signal?: AbortSignal) => realSleep(Math.min(ms, 100), signal);
    const member = await bed.member({
      schema,
      feedUrl: fake.url,
      resources: ["mirror"],
      checkMs: 200,
      onError: (_, e) => errors.push(e.message),
      kit: { sleep },
    });
    const truth = () => sortById(fake.selected.truth() as { id: string }[]);
    await until(async () => (await member.store.count()) === truth().length);
    expect(sortById(await member.store.entries())).toEqual(truth());
    // Then as changes: more odd items arrive, some go.
    fake.selected.upsert({ id: `x${"y".repeat(3000)}`, title: "\u0000" } as never);
    fake.selected.remove("nul-title");
    await until(
      async () =>
        JSON.stringify(sortById(await member.store.entries())) === JSON.stringify(truth()),
    );
    expect(errors).toEqual([]);
  });
});

describe("the store's errors are typed, its inputs checked (issue 21, item 5)", () => {
  it("query(): NUL in a filter, a bad after, a bad since fail as InvalidRequestError before any SQL", async () => {
    const store = await open();
    const cases: Array<
      [
        Parameters<PostgresMirrorStore["query"]>[0],
        Parameters<PostgresMirrorStore["query"]>[1],
        string,
      ]
    > = [
      [{ category: "pa\u0000per" }, {}, "category"],
      [{ q: "a\u0000" }, {}, "q"],
      [{ since: "yesterday" }, {}, "since"],
      [{ since: "-100000-01-01T00:00:00Z" }, {}, "since"],
      [{}, { after: { time: "not a time", id: "x" } }, "after.time"],
      [{}, { after: { time: null, id: 5 as never } }, "after"],
      [{}, { after: "cursor" as never }, "after"],
      [{}, { limit: 0 }, "limit"],
    ];
    for (const [filter, page, param] of cases) {
      const error = await store.query(filter, page).catch((e: unknown) => e);
      expect(error, param).toMatchObject({
        name: "InvalidRequestError",
        kind: "invalid_request",
        param,
      });
    }
  });

  it("schema names: select works (quoted); pg_evil, information_schema and a 63-character one are ConfigErrors naming why", async () => {
    const store = await open({ schema: "select" });
    const g = await store.beginSnapshot("default");
    await store.putSnapshotPage(g, { items: [{ id: "a" } as never], cursor: "c", nextPage: null });
    expect(await store.commitSnapshot(g)).toBe(true);
    expect(await store.ids()).toEqual(["a"]);
    for (const [schema, why] of [
      ["pg_evil", /reserved/],
      ["information_schema", /reserved/],
      ["a".repeat(63), /at most 44/],
      ["Upper", /lower-case/],
    ] as const) {
      const error = await openPostgresStore({ url: postgresUrl(), schema }).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ name: "ConfigError", kind: "config", option: "schema" });
      expect((error as Error).message).toMatch(why);
    }
    // The longest accepted name still hears its own notices.
    const longest = await open({ schema: `l${"x".repeat(43)}` });
    const heard: string[] = [];
    const stop = await longest.subscribe((notice) => heard.push(notice.cursor));
    const g2 = await longest.beginSnapshot("default");
    await longest.putSnapshotPage(g2, { items: [], cursor: "first", nextPage: null });
    await longest.commitSnapshot(g2);
    await until(() => heard.length === 1);
    expect(heard).toEqual(["first"]);
    await stop();
  });

  it("driver failures are of the family: a wrong password is an AuthenticationError without the password", async () => {
    const error = await openPostgresStore({
      url: postgresUrl().replace(/:[^:@/]+@/, ":s3cret-wrong-pw@"),
      schema: freshSchema(),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "authentication", code: "28P01" });
    expect((error as Error).message).not.toContain("s3cret-wrong-pw");
  });

  it("a read-only role reads the copy (no DDL on open) and cannot write through it", async () => {
    const writer = await open();
    const schema = writer.schema;
    const g = await writer.beginSnapshot("default");
    await writer.putSnapshotPage(g, {
      items: [{ id: "a", title: "one", category: "paper" } as never],
      cursor: "c1",
      nextPage: null,
    });
    await writer.commitSnapshot(g);
    const role = `reader_${schema}`;
    const sql = admin();
    await sql.unsafe(`create role ${role} login password 'reader-pw'`);
    await sql.unsafe(`revoke create on database postgres from public`);
    await sql.unsafe(`grant usage on schema "${schema}" to ${role}`);
    await sql.unsafe(`grant select on all tables in schema "${schema}" to ${role}`);
    await sql.end();
    const readerUrl = postgresUrl().replace(/\/\/postgres:[^@]+@/, `//${role}:reader-pw@`);
    // Opening read-write needs CREATE: a typed refusal, not a raw driver error.
    const refused = await openPostgresStore({ url: readerUrl, schema }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: "permission_denied", code: "42501" });
    const reader = await open({ url: readerUrl, schema, readOnly: true });
    expect(reader.readOnly).toBe(true);
    expect(await reader.count()).toBe(1);
    expect((await reader.query({ category: "paper" })).items.map((i) => i.id)).toEqual(["a"]);
    expect(await reader.getCursor()).toBe("c1");
    await expect(reader.beginSnapshot("default")).rejects.toMatchObject({
      kind: "config",
      code: "read_only",
    });
    // A schema that is not there is a ConfigError saying what to do, not "relation does not exist".
    await expect(
      openPostgresStore({ url: readerUrl, schema: "nothing_here", readOnly: true }),
    ).rejects.toMatchObject({ kind: "config", code: "no_store" });
  });

  it("a subscriber hears only its store's changes: not the hot-topics poller's notices, not a forged NOTIFY", async () => {
    fake = await bed.feed({ cacheControl: { hotTopics: 1 } });
    const schema = freshSchema();
    const store = await open({ schema });
    const g = await store.beginSnapshot("default");
    await store.putSnapshotPage(g, { items: [{ id: "a" } as never], cursor: "c1", nextPage: null });
    await store.commitSnapshot(g);
    const heard: string[] = [];
    const stop = await store.subscribe((notice) => heard.push(notice.cursor), { pollMs: 0 });
    // The poller notifies on its own channel.
    const member = await bed.member({
      schema,
      feedUrl: fake.url,
      resources: ["hotTopics"],
      checkMs: 100,
    });
    await until(async () => (await member.read("hotTopics")) !== undefined);
    // Another session forges the store's notice; its content is not believed, the table is re-read.
    const sql = admin();
    await sql`select pg_notify(${`feedgate_${schema}`}, ${JSON.stringify({ generation: 99, cursor: "evil" })})`;
    await sql.end();
    await store.applyPage({ expectedCursor: "c1", cursor: "c2", changes: [] });
    await until(() => heard.length >= 1);
    expect(heard).toEqual(["c2"]);
    await stop();
  });

  it("a subscriber behind a pooler that drops notifications still catches up, by re-reading every pollMs", async () => {
    const store = await open();
    const heard: string[] = [];
    // A LISTEN on another channel stands for a pooler that never delivers: only the re-read can tell.
    const stop = await store.subscribe((notice) => heard.push(notice.cursor), { pollMs: 100 });
    const sql = admin();
    await sql.unsafe(
      `update "${store.schema}".state set cursor = 'quiet', generation = 7 where id = 1`,
    );
    await sql.end();
    await until(() => heard.length === 1);
    expect(heard).toEqual(["quiet"]);
    await stop();
  });
});
