import { type FeedFake, startFeedFake } from "@feedgate/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFeedKit } from "../../src/feed/index.js";
import type { LogFields } from "../../src/index.js";
import { makeItems } from "../support/fake-kit.js";

/**
 * Paginates 5,000 items while about 20% of the answers are faults of every kind. Waits are
 * real but short: 429 carries `retry-after-ms: 40`, 504 `retry-after-ms: 60`, 503 `Retry-After: 1`
 * (one second, at most twice), the computed backoff starts at 5 ms.
 */
const ITEMS = 5000;
const LIMIT = 100;
const PAGES = ITEMS / LIMIT;
/** Stated bound: the fault rate is 20%, so about 1.25 requests per page; allow twice the pages plus slack. */
const MAX_REQUESTS = 2 * PAGES + 10;
/** The wait each status fault asks for, by status. */
const ASKED_WAIT_MS: Record<number, number> = { 429: 40, 503: 1000, 504: 60 };

let fake: FeedFake;
beforeAll(async () => {
  fake = await startFeedFake({ data: "empty", seed: 7 });
  fake.items.set(makeItems(ITEMS, fake.clock.now()));
  // First matching rule wins, each drawn with p = 0.028: 1 - 0.972^8 ≈ 20% of answers are faults.
  const p = 0.028;
  fake.faults.add({
    route: "items",
    probability: p,
    fault: { type: "status", status: 429, retryAfter: null, retryAfterMs: 40 },
  });
  // Real delta-seconds Retry-After (1 s) twice at most, to keep the run short.
  fake.faults.add({
    route: "items",
    probability: p,
    times: 2,
    fault: { type: "status", status: 503, retryAfter: 1 },
  });
  fake.faults.add({
    route: "items",
    probability: p,
    fault: { type: "status", status: 504, retryAfter: null, retryAfterMs: 60 },
  });
  fake.faults.add({ route: "items", probability: p, fault: { type: "status", status: 500 } });
  fake.faults.add({ route: "items", probability: p, fault: { type: "status", status: 502 } });
  fake.faults.add({ route: "items", probability: p, fault: { type: "reset" } });
  fake.faults.add({ route: "items", probability: p, fault: { type: "truncate" } });
  fake.faults.add({ route: "items", probability: p, fault: { type: "non-json" } });
});
afterAll(() => fake.close());

describe("fault injection: paginating 5,000 items with ~20% faults", () => {
  it("loses nothing, duplicates nothing, never retries early, and stays within the request bound", {
    timeout: 30_000,
  }, async () => {
    const retries: LogFields[] = [];
    const kit = createFeedKit({
      baseUrl: fake.url,
      retry: { maxRetries: 6, initialDelayMs: 5, maxDelayMs: 40, timeoutMs: 5000 },
      logger: { warn: (_m, fields) => void (fields.event === "retry" && retries.push(fields)) },
    });
    const ids: string[] = [];
    for await (const item of kit.iterateItems({ mode: "all", limit: LIMIT })) ids.push(item.id);

    // No loss, no duplicates: exactly the server's truth, in its order.
    expect(ids).toHaveLength(ITEMS);
    expect(new Set(ids).size).toBe(ITEMS);
    expect(ids).toEqual(makeItems(ITEMS, 0).map((i) => i.id));

    // Faults of every kind really happened.
    const requests = fake.requests.filter((r) => r.route === "items");
    const faulted = requests.filter((r) => r.fault !== undefined);
    const kinds = new Set(
      faulted.map((r) => (r.fault === "status" ? `status ${r.status}` : r.fault)),
    );
    expect(fake.faults.injected).toBe(faulted.length);
    expect(faulted.length / requests.length).toBeGreaterThan(0.1);
    expect(kinds.size).toBeGreaterThanOrEqual(5);
    expect(retries).toHaveLength(faulted.length);

    // No retry came earlier than the wait its answer asked for (the paginator is sequential: the next request is the retry).
    let early = 0;
    requests.forEach((r, i) => {
      const asked = r.fault === "status" ? ASKED_WAIT_MS[r.status] : undefined;
      const next = requests[i + 1];
      if (asked !== undefined && next !== undefined && next.realAt - r.realAt < asked) early++;
    });
    expect(early).toBe(0);

    // The stated bound on requests.
    expect(requests.length).toBe(PAGES + faulted.length);
    expect(requests.length).toBeLessThanOrEqual(MAX_REQUESTS);
    console.info(
      `paginate-under-faults: ${requests.length} requests, ${faulted.length} faults survived (${[...kinds].join(", ")}), ${ids.length} items verified, ${early} early retries`,
    );
  });
});
