#!/usr/bin/env node
// `pnpm bench:fleet`: three fleet members (separate processes) share one copy of the selected
// set and the hot topics through a real PostgreSQL (127.0.0.1), against @feedgate/mock's feed
// fake with churn and injected faults. The mirror's leader is SIGKILLed 10 times at random
// points and one member's database connection is cut. Bounded: about a minute, then it stops.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { startFeedFake } from "@feedgate/mock";
import { openPostgresStore } from "@feedgate/postgres";
import { startPostgres } from "@feedgate/test-harness";
import postgres from "postgres";

const KILLS = 10;
const MEMBER = fileURLToPath(new URL("./lib/fleet-member.mjs", import.meta.url));
const schema = "fleetbench";
const started = Date.now();
const pg = await startPostgres();
const fake = await startFeedFake({
  data: "empty",
  seed: 11,
  cacheControl: { hotTopics: 1, selectedChanges: 1 },
});
for (let i = 0; i < 3000; i++)
  fake.selected.upsert({ id: `s${String(i).padStart(5, "0")}`, title: `item ${i}` });
fake.faults.add({ fault: { type: "status", status: 503, retryAfter: 1 }, probability: 0.1 });
fake.faults.add({ fault: { type: "reset" }, probability: 0.05 });

/** Live members, and every leadership change they reported. */
const members = new Map();
const events = [];
let spawned = 0;
function spawnMember() {
  const name = `m${++spawned}`;
  const child = spawn(process.execPath, [MEMBER, pg.url, schema, fake.url, name], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  createInterface({ input: child.stdout }).on("line", (line) => {
    const event = JSON.parse(line);
    if (event.resource) events.push(event);
  });
  members.set(name, child);
  child.on("exit", () => members.delete(name));
  return name;
}
const leaderOf = (resource) => {
  const state = new Map();
  for (const e of events) if (e.resource === resource) state.set(e.name, e.leading);
  return [...state].filter(([name, leading]) => leading && members.has(name)).map(([name]) => name);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const until = async (check, ms) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await sleep(50);
  }
  return true;
};

for (let i = 0; i < 3; i++) spawnMember();
// Churn while everything runs: upserts and removes on the ledger, bounded.
let churnOps = 0;
const churn = setInterval(() => {
  for (let i = 0; i < 10; i++) {
    const id = `s${String(Math.floor(Math.random() * 3500)).padStart(5, "0")}`;
    if (Math.random() < 0.3) fake.selected.remove(id);
    else fake.selected.upsert({ id, title: `v${churnOps} ${id}` });
    churnOps++;
  }
}, 100);

await until(() => leaderOf("mirror").length === 1, 20_000);
const takeovers = [];
for (let kill = 0; kill < KILLS; kill++) {
  await sleep(400 + Math.random() * 1200);
  const [leader] = leaderOf("mirror");
  if (!leader) continue;
  const killedAt = Date.now();
  members.get(leader)?.kill("SIGKILL");
  members.delete(leader);
  spawnMember();
  if (await until(() => leaderOf("mirror").some((n) => n !== leader), 15_000)) {
    takeovers.push(
      events.filter((e) => e.resource === "mirror" && e.leading && e.at >= killedAt)[0].at -
        killedAt,
    );
  }
  if (kill === 4) {
    // Cut the database connections that hold advisory locks (the leaders' lock sessions).
    const admin = postgres(pg.url, { onnotice: () => {} });
    await admin`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and pid <> pg_backend_pid()`;
    await admin.end();
  }
}
clearInterval(churn);
fake.faults.clear();

// Settle: the shared copy must come to equal the fake's set.
const store = await openPostgresStore({ url: pg.url, schema });
const truth = () => new Map(fake.selected.truth().map((i) => [i.id, JSON.stringify(i)]));
let lost = 0;
let duplicated = 0;
let different = 0;
const settled = await until(async () => {
  const t = truth();
  const mine = await store.entries();
  const ids = mine.map((i) => i.id);
  lost = [...t.keys()].filter((id) => !ids.includes(id)).length;
  duplicated = ids.length - new Set(ids).size + ids.filter((id) => !t.has(id)).length;
  different = mine.filter((i) => t.has(i.id) && t.get(i.id) !== JSON.stringify(i)).length;
  return lost + duplicated + different === 0;
}, 30_000);
const items = await store.count();
await store.close();

// Requests: the fleet's polls of the hot topics, against what one member alone would send.
const seconds = (Date.now() - started) / 1000;
// Answered polls only (200 or 304): a retry after a reset or a 503 is the same poll, repeated.
const attempts = fake.requests.filter((r) => r.route === "hotTopics");
const hot = attempts
  .filter((r) => r.status === 200 || r.status === 304)
  .map((r) => r.realAt)
  .sort((a, b) => a - b);
const gaps = hot.slice(1).map((t, i) => t - hot[i]);
const close = gaps.filter((g) => g < 900).length;
const hotSpan = (hot.at(-1) - hot[0]) / 1000;
for (const child of members.values()) child.kill("SIGTERM");
await sleep(500);
for (const child of members.values()) child.kill("SIGKILL");
await fake.close();
await pg.stop();

const sorted = [...takeovers].sort((a, b) => a - b);
console.log(
  `fleet fault run: 3 members, ${KILLS} SIGKILLs of the mirror's leader, 1 connection cut, ${churnOps} churn ops, ${fake.faults.injected} faults injected; ${seconds.toFixed(1)} s`,
);
console.log(
  `copy vs the service's set: ${items} items; ${lost} lost, ${duplicated} duplicated, ${different} different${settled ? "" : " (NOT SETTLED within 30 s)"}`,
);
console.log(
  `takeover after a SIGKILL: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms (${sorted.length} of ${KILLS})`,
);
console.log(
  `hot topics: ${attempts.length} requests, ${hot.length} answered polls over ${hotSpan.toFixed(1)} s of ${seconds.toFixed(1)} s (one member alone, at s-maxage 1 s: about ${Math.round(hotSpan) + 1}); polls closer than 0.9 s: ${close}; shortest gap ${Math.round(Math.min(...gaps))} ms`,
);
console.log(`members spawned: ${spawned}`);
process.exitCode = settled && close === 0 ? 0 : 1;
