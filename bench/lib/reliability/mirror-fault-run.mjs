// Mirror a selected set with ledger churn while a share of all responses are faults, then
// check the copy against the fake's truth. Used by packages/kit/test/mirror/faults.test.ts (small)
// and bench/reliability.mjs (full size). Dependencies are passed in, so the test runs the kit's
// sources and the bench the built package.
import { isDeepStrictEqual } from "node:util";
import { addFaultMix, earlyRetries, retryWaits } from "./fault-mix.mjs";
import { createChurn, makeSelectedItem } from "./items.mjs";

/** Sorted copy for comparison. */
const _byId = (items) => [...items].sort((a, b) => (a.id < b.id ? -1 : Number(a.id > b.id)));

/**
 * Compares a mirrored set with the truth: same ids, no duplicates, equal items.
 * Returns { verified, missing, extra, different, duplicates }.
 */
export function compareSets(mirrored, truth) {
  const ids = mirrored.map((i) => i.id);
  const duplicates = ids.length - new Set(ids).size;
  const mine = new Map(mirrored.map((i) => [i.id, i]));
  const theirs = new Map(truth.map((i) => [i.id, i]));
  let missing = 0;
  let different = 0;
  for (const [id, item] of theirs) {
    const got = mine.get(id);
    if (got === undefined) missing++;
    else if (!isDeepStrictEqual(got, item)) different++;
  }
  const extra = [...mine.keys()].filter((id) => !theirs.has(id)).length;
  return { verified: truth.length - missing - different, missing, extra, different, duplicates };
}

/**
 * @param deps { startFeedFake, createFeedClient, createResilientFetch, createSelectedMirror, createStore }
 * @param options see the defaults below
 */
export async function runMirrorFaultRun(deps, options = {}) {
  const {
    items = 10_000,
    churnRounds = 40,
    churnPerRound = 60,
    faultRate = 0.2,
    seed = 7,
    requireSnapshotAtRound = Math.floor(churnRounds / 2),
    retryAfterSeconds,
    maxSyncs = 500,
    snapshotPageSize = 1000,
  } = options;
  const fake = await deps.startFeedFake({ seed, data: "empty" });
  const store = await deps.createStore();
  try {
    for (let n = 0; n < items; n++) fake.selected.upsert(makeSelectedItem(n));
    addFaultMix(fake, faultRate, { retryAfterSeconds });
    const waits = retryWaits();
    const waitFor = (status) =>
      status === 503 && retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : waits[status];

    // The client's transport is the mirror's only retry loop (a page costs at most 9 requests),
    // tuned for a local server (short backoffs, short timeouts).
    const transport = deps.createResilientFetch({
      maxRetries: 8,
      initialDelayMs: 5,
      maxDelayMs: 50,
      timeoutMs: 10_000,
      deadlineMs: 60_000,
    });
    const client = deps.createFeedClient({ baseUrl: fake.url, fetch: transport });
    const churn = createChurn(fake, { seed: seed + 1, firstNewId: items });
    let rounds = 0;
    let snapshotsRequired = 0;
    const churnOnce = () => {
      if (rounds >= churnRounds) return;
      churn.round(churnPerRound);
      rounds++;
      if (rounds === requireSnapshotAtRound) {
        fake.selected.requireSnapshot();
        snapshotsRequired++;
      }
    };
    const mirror = deps.createSelectedMirror({
      client,
      store,
      snapshotPageSize,
      // Churn lands between pages, in the middle of snapshot passes and drains alike.
      onProgress: (p) => {
        if (p.phase !== "idle") churnOnce();
      },
    });
    let syncs = 0;
    while (rounds < churnRounds && syncs < maxSyncs) {
      await mirror.sync();
      syncs++;
      churnOnce();
    }
    // Churn over: one more sync drains the rest (still under faults).
    await mirror.sync();
    syncs++;

    const truth = fake.selected.truth();
    const result = compareSets(await store.entries(), truth);
    const requests = fake.requests;
    const failing = requests.filter((r) => r.fault !== undefined && r.fault !== "delay").length;
    const useful = requests.length - failing;
    // Stated bound: each useful answer costs 1 / (1 − rate) requests on average; allow 1.5× that, plus 10.
    const requestBound = Math.ceil((useful / (1 - faultRate)) * 1.5) + 10;
    const early = earlyRetries(requests, waitFor);
    return {
      ...result,
      truth: truth.length,
      mirrored: await store.count(),
      requests: requests.length,
      requestBound,
      useful,
      faultsInjected: fake.faults.injected,
      failingFaults: failing,
      earlyRetries: early.early,
      retryAfterChecked: early.checked,
      shortestRetryMarginMs: early.shortestMarginMs,
      churnOps: churn.ops,
      snapshotsRequired,
      syncs,
      stats: { ...mirror.stats },
    };
  } finally {
    await store.close();
    await fake.close();
  }
}
