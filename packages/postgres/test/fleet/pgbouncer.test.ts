import type { FeedFake } from "@feedgate/mock";
import { type RunningPostgres, startPostgres } from "@feedgate/test-harness";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FleetMember, FleetOptions, FleetResource } from "../../src/index.js";
import { type RunningPgbouncer, startPgbouncer } from "../setup/pgbouncer.js";
import { postgresTestBed, postgresUrl, until } from "../support/bed.js";

// Issue 21, item 11: PostgreSQL as people deploy it. PgBouncer in transaction mode (a real
// one, Debian's package, installed by the test when missing) in front of the server, and the
// server restarted under a running fleet.

const bed = postgresTestBed("b");
const { freshSchema } = bed;
let fake: FeedFake;
let bouncer: RunningPgbouncer;

beforeAll(async () => {
  bouncer = await startPgbouncer(postgresUrl());
}, 120_000);
afterAll(async () => {
  await bouncer?.stop();
});

/** A check that may fail while the server is away: false until it answers. */
const quietly = (check: () => Promise<boolean>) => () => check().catch(() => false);
const ids = (items: Array<{ id: string }>) => JSON.stringify(items.map((i) => i.id).sort());
const leadersOf = (all: FleetMember[], resource: FleetResource) =>
  all.filter((m) => m.leading().includes(resource)).length;
const resources: FleetResource[] = ["mirror", "hotTopics"];

/** A new feed fake with `items` selected items, and `count` members on one new schema leading `resources`. */
async function fleet(count: number, items: number, options: FleetOptions): Promise<FleetMember[]> {
  fake = await bed.feed({ data: "empty", cacheControl: { selectedChanges: 1, hotTopics: 1 } });
  for (let i = 0; i < items; i++) fake.selected.upsert({ id: `p${i}`, title: `t${i}` } as never);
  const schema = freshSchema();
  const members: FleetMember[] = [];
  for (let i = 0; i < count; i++)
    members.push(
      await bed.member({ ...options, schema, feedUrl: fake.url, resources, checkMs: 200 }),
    );
  return members;
}

/** Advisory locks granted on the server, per key: what the members' transactions hold. */
async function serverLocks(url: string): Promise<number> {
  const sql = postgres(url, { onnotice: () => {} });
  try {
    const [row] =
      await sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted`;
    return row!["n"] as number;
  } finally {
    await sql.end();
  }
}

describe("a fleet behind PgBouncer in transaction mode", () => {
  it("three members through the pooler only: one leader per resource at every look, the shared copy right, a stopped leader replaced", async () => {
    const three = await fleet(3, 200, { url: bouncer.url });
    await until(() => resources.every((r) => leadersOf(three, r) === 1));
    const truth = () => ids(fake.selected.truth());
    // While the copy converges, every look finds one leader per resource, no more.
    let looks = 0;
    await until(async () => {
      looks++;
      for (const r of resources) expect(leadersOf(three, r)).toBeLessThanOrEqual(1);
      return ids(await three[2]!.store.entries()) === truth();
    });
    expect(looks).toBeGreaterThan(0);
    // Sessions shared through the pool never let a second member believe it holds a lock.
    expect(await serverLocks(postgresUrl())).toBeGreaterThanOrEqual(resources.length);
    for (let i = 0; i < 20; i++)
      fake.selected.upsert({ id: `q${i}`, title: `after ${i}` } as never);
    const leader = three.find((m) => m.leading().includes("mirror"))!;
    await leader.stop();
    const rest = three.filter((m) => m !== leader);
    await until(() => resources.every((r) => leadersOf(rest, r) === 1));
    await until(async () => ids(await rest[0]!.store.entries()) === truth());
    for (const r of resources) expect(leadersOf(rest, r)).toBe(1);
  });

  it("with directUrl, the locks are taken on PostgreSQL itself and the data goes through the pooler", async () => {
    fake = await bed.feed({ cacheControl: { hotTopics: 1 } });
    const direct = postgresUrl();
    const marked = `${direct}?application_name=feedgate_direct_${process.pid}`;
    const m = await bed.member({
      url: bouncer.url,
      directUrl: marked,
      schema: freshSchema(),
      feedUrl: fake.url,
      resources: ["hotTopics"],
      checkMs: 200,
    });
    await until(async () => (await m.read("hotTopics")) !== undefined);
    // The lock's transaction is a session of the direct URL (its application_name says so).
    const sql = postgres(direct, { onnotice: () => {} });
    try {
      await until(async () => {
        const [row] =
          await sql`select count(*)::int as n from pg_stat_activity a join pg_locks l on l.pid = a.pid
          where l.locktype = 'advisory' and l.granted and a.application_name = ${`feedgate_direct_${process.pid}`}`;
        return row!["n"] === 1;
      });
    } finally {
      await sql.end();
    }
  });

  it("a subscriber through the pooler catches up by re-reading; with a direct URL it hears the NOTIFY at once", async () => {
    const schema = freshSchema();
    const writer = await bed.store({ url: bouncer.url, schema });
    const pooled = await bed.store({ url: bouncer.url, schema });
    const direct = await bed.store({
      url: bouncer.url,
      directUrl: postgresUrl(),
      schema,
    });
    const viaPool: string[] = [];
    const viaDirect: string[] = [];
    const stops = [
      await pooled.subscribe((c) => viaPool.push(c.cursor), { pollMs: 200 }),
      await direct.subscribe((c) => viaDirect.push(c.cursor), { pollMs: 0 }),
    ];
    const g = await writer.beginSnapshot("default");
    await writer.putSnapshotPage(g, {
      items: [{ id: "a" } as never],
      cursor: "c1",
      nextPage: null,
    });
    await writer.commitSnapshot(g);
    await until(() => viaDirect.length === 1 && viaPool.length === 1);
    expect(viaDirect).toEqual(["c1"]);
    expect(viaPool).toEqual(["c1"]);
    for (const stop of stops) await stop();
  });
});

describe("the server restarted under a running fleet", () => {
  let own: RunningPostgres;
  beforeAll(async () => {
    own = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await own?.stop();
  });

  it("every member reconnects, one leader per resource, 0 items lost", async () => {
    const lost: string[] = [];
    const onError = (r: FleetResource, e: Error) => void lost.push(`${r}: ${e.message}`);
    const two = await fleet(2, 150, { url: own.url, onError });
    const truth = () => ids(fake.selected.truth());
    await until(async () => ids(await two[1]!.store.entries()) === truth());
    const started = async () => {
      const sql = postgres(own.url, { onnotice: () => {} });
      const [row] = await sql`select pg_postmaster_start_time()::text as t`;
      await sql.end();
      return row!["t"] as string;
    };
    const before = await started();
    await own.restart();
    expect(await started()).not.toBe(before);
    // Changes while the members reconnect: none may be lost.
    for (let i = 0; i < 150; i += 3) fake.selected.remove(`p${i}`);
    for (let i = 0; i < 30; i++)
      fake.selected.upsert({ id: `after${i}`, title: `after restart ${i}` } as never);
    await until(
      quietly(
        async () =>
          ids(await two[0]!.store.entries()) === truth() &&
          ids(await two[1]!.store.entries()) === truth(),
      ),
      100_000,
    );
    await until(() => resources.every((r) => leadersOf(two, r) === 1));
    expect(await serverLocks(own.url)).toBe(resources.length);
    const hot = await two[0]!.read("hotTopics");
    expect(hot).toBeDefined();
    // The leaders noticed: their locks went with their sessions, and they said so.
    expect(lost.some((line) => /lost the lock|connection/i.test(line))).toBe(true);
    // A restart, reconnects with backoff and a re-sync: on a busy machine this takes minutes.
  }, 180_000);
});
