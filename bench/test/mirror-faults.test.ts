import { createFeedClient } from "@feedgate/feed-client";
import { createResilientFetch } from "@feedgate/kit";
import { createMemoryStore, createSelectedMirror } from "@feedgate/kit/mirror";
import { startFeedFake } from "@feedgate/mock";
import { describe, expect, it } from "vitest";
import { runMirrorFaultRun } from "../lib/reliability/mirror-fault-run.mjs";

// The small version of the reliability run (the full one is bench/reliability.mjs at the root): a
// selected set mirrored through the kit's transport while ~20% of all responses are faults
// (429 and 503 with retry-after-ms, 500, resets, truncated bodies, HTML, delays), with ledger
// churn between pages and one forced re-snapshot.
describe("selected mirror under faults", () => {
  it("ends equal to the server's set, never retries early, and stays within the request bound", async () => {
    const result = await runMirrorFaultRun(
      {
        startFeedFake,
        createFeedClient,
        createResilientFetch,
        createSelectedMirror,
        createStore: async () => createMemoryStore(),
      },
      { items: 2_000, churnRounds: 12, churnPerRound: 40, faultRate: 0.2, seed: 21 },
    );
    expect(result).toMatchObject({ missing: 0, extra: 0, different: 0, duplicates: 0 });
    expect(result.verified).toBe(result.truth);
    expect(result.mirrored).toBe(result.truth);
    // The run really was faulty, and really churned.
    expect(result.faultsInjected / result.requests).toBeGreaterThan(0.1);
    expect(result.churnOps).toBe(12 * 40);
    expect(result.snapshotsRequired).toBe(1);
    expect(result.stats.snapshotRequired).toBeGreaterThanOrEqual(1);
    // No retry came sooner than the 429/503 before it asked.
    expect(result.retryAfterChecked).toBeGreaterThan(0);
    expect(result.earlyRetries).toBe(0);
    // Stated bound: ≤ 1.5 × useful answers / (1 − fault rate) + 10 requests.
    expect(result.requests).toBeLessThanOrEqual(result.requestBound);
  }, 120_000);
});
