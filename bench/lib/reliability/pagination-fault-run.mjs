// Paginate an items query through the kit while a share of all responses are faults, and check
// that every item came exactly once.
import { addFaultMix, earlyRetries, retryWaits } from "./fault-mix.mjs";
import { makeFeedItem } from "./items.mjs";

/** @param deps { startFeedFake, createFeedKit } */
export async function runPaginationFaultRun(deps, options = {}) {
  const { items = 5_000, faultRate = 0.2, seed = 5, limit = 100 } = options;
  const fake = await deps.startFeedFake({ seed, data: "empty" });
  try {
    const now = fake.clock.now();
    fake.items.set(Array.from({ length: items }, (_, n) => makeFeedItem(n, now)));
    addFaultMix(fake, faultRate);
    const kit = deps.createFeedKit({
      baseUrl: fake.url,
      retry: { maxRetries: 4, initialDelayMs: 5, maxDelayMs: 50, timeoutMs: 10_000 },
    });
    const seen = [];
    for await (const item of kit.iterateItems(
      { mode: "all", window: "7d", limit },
      { maxPages: Math.ceil(items / limit) * 3 },
    ))
      seen.push(item.id);
    const expected = new Set(fake.items.list().map((i) => i.id));
    const unique = new Set(seen);
    const waits = retryWaits();
    const early = earlyRetries(fake.requests, (status) => waits[status]);
    const failing = fake.requests.filter(
      (r) => r.fault !== undefined && r.fault !== "delay",
    ).length;
    const useful = fake.requests.length - failing;
    return {
      truth: expected.size,
      yielded: seen.length,
      duplicates: seen.length - unique.size,
      missing: [...expected].filter((id) => !unique.has(id)).length,
      extra: [...unique].filter((id) => !expected.has(id)).length,
      verified: [...unique].filter((id) => expected.has(id)).length,
      requests: fake.requests.length,
      requestBound: Math.ceil((useful / (1 - faultRate)) * 1.5) + 10,
      faultsInjected: fake.faults.injected,
      earlyRetries: early.early,
      retryAfterChecked: early.checked,
    };
  } finally {
    await fake.close();
  }
}
