#!/usr/bin/env node
// The full-size reliability run of @feedgate/kit against @feedgate/mock (127.0.0.1 only):
//   1. paginate 5,000 items under 20% faults;
//   2. mirror a 10,000-item selected set with ledger churn under 20% faults (file store);
//   3. SIGKILL a mirroring child process at 20 random points, restarting it each time.
// Uses the built packages through their entry points (`pnpm bench:reliability` builds them first).
// The last lines are the figures; the exit code is non-zero when any check fails.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFeedClient } from "@feedgate/feed-client";
import { createResilientFetch } from "@feedgate/kit";
import { createFeedKit } from "@feedgate/kit/feed";
import { createMemoryStore, createSelectedMirror } from "@feedgate/kit/mirror";
import { openFileStore } from "@feedgate/kit/node";
import { startFeedFake } from "@feedgate/mock";
import { runCrashRun } from "./lib/reliability/crash-run.mjs";
import { runHostileRun } from "./lib/reliability/hostile-run.mjs";
import { runMirrorFaultRun } from "./lib/reliability/mirror-fault-run.mjs";
import { runPaginationFaultRun } from "./lib/reliability/pagination-fault-run.mjs";

const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit === undefined ? fallback : Number(hit.slice(name.length + 3));
};
const sizes = {
  paginate: arg("paginate", 5_000),
  selected: arg("selected", 10_000),
  kills: arg("kills", 20),
  faultRate: arg("fault-rate", 0.2),
};

const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const started = performance.now();

console.log(
  `reliability run: paginate ${sizes.paginate}, mirror ${sizes.selected} selected items, ${sizes.kills} kills, fault rate ${sizes.faultRate}`,
);

let t = performance.now();
const pagination = await runPaginationFaultRun(
  { startFeedFake, createFeedKit },
  { items: sizes.paginate, faultRate: sizes.faultRate, limit: 50 },
);
console.log(
  `1. pagination: ${pagination.yielded} yielded of ${pagination.truth}, ${pagination.duplicates} duplicates, ${pagination.missing} missing; ${pagination.requests} requests (bound ${pagination.requestBound}), ${pagination.faultsInjected} faults; ${seconds(performance.now() - t)}`,
);
check(
  pagination.missing === 0 && pagination.extra === 0 && pagination.duplicates === 0,
  "pagination: items lost or duplicated",
);
check(pagination.requests <= pagination.requestBound, "pagination: request bound exceeded");

t = performance.now();
const dirs = [];
const mirror = await runMirrorFaultRun(
  {
    startFeedFake,
    createFeedClient,
    createResilientFetch,
    createSelectedMirror,
    createStore: async () => {
      const dir = await mkdtemp(join(tmpdir(), "feedgate-bench-"));
      dirs.push(dir);
      return openFileStore(dir, { compactAfterBytes: 4 * 1024 * 1024 });
    },
  },
  // 503s carry Retry-After: 1 (delta-seconds) here, 429s retry-after-ms.
  {
    items: sizes.selected,
    churnRounds: 150,
    churnPerRound: 20,
    faultRate: sizes.faultRate,
    retryAfterSeconds: 1,
    snapshotPageSize: 500,
  },
);
await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
console.log(
  `2. mirror under faults: ${mirror.verified} of ${mirror.truth} verified (${mirror.missing} missing, ${mirror.extra} extra, ${mirror.different} different, ${mirror.duplicates} duplicates) after ${mirror.churnOps} churn ops and ${mirror.snapshotsRequired} forced re-snapshot; ${mirror.requests} requests (bound ${mirror.requestBound}), ${mirror.faultsInjected} faults; ${mirror.stats.retries} transport retries (the mirror has no loop of its own); ${seconds(performance.now() - t)}`,
);
check(
  mirror.missing + mirror.extra + mirror.different + mirror.duplicates === 0,
  "mirror: differs from the truth",
);
check(mirror.requests <= mirror.requestBound, "mirror: request bound exceeded");

t = performance.now();
// A first 10,000-item snapshot takes the child about 0.7 s here, so kills up to 1.2 s after
// start-up land in the snapshot, in the changes and in between.
const crash = await runCrashRun(
  { startFeedFake, openFileStore },
  { kills: sizes.kills, items: sizes.selected, maxKillDelayMs: 1_200 },
);
const k = crash.killedIn;
console.log(
  `3. crash: ${crash.killsSurvived} SIGKILLs survived (interrupting start-up ${k.startup}, snapshot ${k.snapshot}, changes ${k.changes}; ${crash.tornTails} torn journal tails repaired; ${crash.snapshotsRequired} forced re-snapshots); ${crash.verified} of ${crash.truth} verified (${crash.missing} missing, ${crash.extra} extra, ${crash.different} different, ${crash.duplicates} duplicates); ${crash.requests} requests, ${crash.faultsInjected} faults; ${seconds(performance.now() - t)}`,
);
check(
  crash.missing + crash.extra + crash.different + crash.duplicates === 0,
  "crash: store differs from the truth",
);
check(crash.killsSurvived === sizes.kills, "crash: not every kill happened");

t = performance.now();
const hostile = await runHostileRun(
  { createResilientFetch, createFeedKit, createSelectedMirror, createMemoryStore },
  { rounds: 10 },
);
const bodyLine = Object.entries(hostile.bodies)
  .map(
    ([name, b]) => `${name} ${b.stopped}/${b.rounds} (peak heap +${b.peakHeapMiB.toFixed(1)} MiB)`,
  )
  .join(", ");
console.log(
  `4. hostile servers: endless bodies capped: ${bodyLine}; ${(hostile.bytesSent / 1024 / 1024).toFixed(0)} MiB offered in all; ${seconds(performance.now() - t)}`,
);
console.log(
  `   loops stopped: pagination ${hostile.loops.pagination.stopped}/${hostile.loops.pagination.rounds} (${hostile.loops.pagination.requests} requests), mirror snapshot ${hostile.loops.mirror.stopped}/${hostile.loops.mirror.rounds} (${hostile.loops.mirror.requests} requests)`,
);
console.log(
  hostile.escapes.skipped
    ? "   escapes: skipped (build the CLI first)"
    : `   escapes stripped: ${hostile.escapes.planted - hostile.escapes.survived} of ${hostile.escapes.planted} planted control sequences in ${hostile.escapes.runs} CLI runs (${hostile.escapes.survived} survived; ${hostile.escapes.titlesShown} of ${hostile.escapes.runs * 10} titles shown)`,
);
for (const [name, b] of Object.entries(hostile.bodies))
  check(b.stopped === b.rounds, `hostile: ${name} body not capped`);
check(
  hostile.loops.pagination.stopped === hostile.loops.pagination.rounds &&
    hostile.loops.mirror.stopped === hostile.loops.mirror.rounds,
  "hostile: a loop was not stopped",
);
check(
  hostile.escapes.survived === 0 &&
    (hostile.escapes.skipped || hostile.escapes.titlesShown === hostile.escapes.runs * 10),
  "hostile: escape sequences reached the terminal, or the titles were not shown",
);

const requests = pagination.requests + mirror.requests + crash.requests;
const faults = pagination.faultsInjected + mirror.faultsInjected + crash.faultsInjected;
const early = pagination.earlyRetries + mirror.earlyRetries;
const checked = pagination.retryAfterChecked + mirror.retryAfterChecked;
const verified = pagination.verified + mirror.verified + crash.verified;
check(early === 0, "retries earlier than Retry-After");

console.log(
  `total time: ${seconds(performance.now() - started)}${failures.length ? `; FAILED: ${failures.join("; ")}` : ""}`,
);
console.log(`requests: ${requests}`);
console.log(`faults injected: ${faults}, survived: ${failures.length === 0 ? faults : 0}`);
console.log(`items verified: ${verified}`);
console.log(`kills survived: ${crash.killsSurvived} of ${sizes.kills}`);
console.log(`early retries: ${early} (of ${checked} retries after a Retry-After)`);
process.exitCode = failures.length === 0 ? 0 : 1;
