#!/usr/bin/env node
// `pnpm bench:scale`: how @feedgate/postgres's figures grow with the size of the selected set,
// 10,000 → 100,000 → 1,000,000 items, on a real PostgreSQL (127.0.0.1, fsync on): the snapshot
// against a hand-written batched INSERT of the same items (pages of 1000), the commit that
// builds the readers' indexes, 10,000 changes in pages of 100, and reads of the committed set
// (the first page of `query`, a page half-way through by its keyset cursor, a category, `count`).
// Bounded: one pass per size, about three minutes in all; prints a table.
import { openPostgresStore } from "@feedgate/postgres";
import { startPostgres } from "@feedgate/test-harness";
import postgres from "postgres";
import { storeItem } from "./lib/bench-items.mjs";
import { handBatchedInsert } from "./lib/hand-insert.mjs";

const SIZES = (process.env.FEEDGATE_SCALE_SIZES ?? "10000,100000,1000000").split(",").map(Number);
const PAGE = 1000;
const item = storeItem;
const page = (from, n) =>
  Array.from({ length: Math.min(PAGE, n - from) }, (_, k) => item(from + k));
const perSec = (n, ms) => Math.round((n / ms) * 1000).toLocaleString("en-US");
const timed = async (fn) => {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
};

const pg = await startPostgres();
const sql = postgres(pg.url, { onnotice: () => {} });
const rows = [];
try {
  for (const [k, n] of SIZES.entries()) {
    // The hand loop first at this size, then the store: each into fresh tables.
    const hand = { ms: await handBatchedInsert(sql, `hand_scale${k}`, n) };
    await sql`drop table ${sql(`hand_scale${k}`)}`;
    const store = await openPostgresStore({ url: pg.url, schema: `scale${k}` });
    let commitMs = 0;
    const snapshot = await timed(async () => {
      const g = await store.beginSnapshot("default");
      for (let i = 0; i < n; i += PAGE)
        await store.putSnapshotPage(g, {
          items: page(i, n),
          cursor: "c1",
          nextPage: i + PAGE < n ? `p${i}` : null,
        });
      const commit = await timed(() => store.commitSnapshot(g));
      commitMs = commit.ms;
    });
    // 10,000 changes, a quarter removes, spread over the set.
    const step = Math.max(1, Math.floor(n / 10_000));
    let cursor = "c1";
    const changes = await timed(async () => {
      for (let p = 0; p < 100; p++) {
        const changes = Array.from({ length: 100 }, (_, c) => {
          const i = ((p * 100 + c) * step) % n;
          return c % 4 === 0
            ? { op: "remove", id: item(i).id }
            : { op: "upsert", item: { ...item(i), title: `changed ${p}` } };
        });
        await store.applyPage({ expectedCursor: cursor, cursor: `c${p + 2}`, changes });
        cursor = `c${p + 2}`;
      }
    });
    // Reads, each the median of 5 after one warm-up.
    const median = async (fn) => {
      await fn();
      const times = [];
      for (let r = 0; r < 5; r++) times.push((await timed(fn)).ms);
      return times.sort((a, b) => a - b)[2];
    };
    const middle = item(Math.floor(n / 2));
    const first = await median(() => store.query({}, { limit: 100 }));
    const deep = await median(() =>
      store.query({}, { limit: 100, after: { time: middle.publishedAt, id: middle.id } }),
    );
    const category = await median(() => store.query({ category: "paper" }, { limit: 100 }));
    const count = await median(() => store.count());
    rows.push({
      n,
      snapshot: `${perSec(n, snapshot.ms)}/s (${(snapshot.ms / 1000).toFixed(1)} s, commit ${commitMs.toFixed(0)} ms)`,
      hand: `${perSec(n, hand.ms)}/s (${(hand.ms / 1000).toFixed(1)} s)`,
      ratio: (hand.ms / snapshot.ms).toFixed(2),
      changes: `${perSec(10_000, changes.ms)}/s`,
      reads: `first page ${first.toFixed(1)} ms, half-way ${deep.toFixed(1)} ms, a category ${category.toFixed(1)} ms, count ${count.toFixed(0)} ms`,
    });
    await store.close();
    await sql.unsafe(`drop schema scale${k} cascade`);
    console.log(`${n.toLocaleString("en-US")} items done`);
  }
} finally {
  await sql.end();
  await pg.stop();
}
console.log(
  "\n| items | store snapshot | hand batched INSERT | ratio (store ÷ hand) | 10,000 changes | reads of the committed set |",
);
console.log("| --- | --- | --- | --- | --- | --- |");
for (const r of rows)
  console.log(
    `| ${r.n.toLocaleString("en-US")} | ${r.snapshot} | ${r.hand} | ${r.ratio} | ${r.changes} | ${r.reads} |`,
  );
