// Issue 22 (4): the mirror honours the injected clock. A Retry-After given as an HTTP date is a
// wait from *now*, and "now" is the clock's: on a fake clock far from the machine's, the wait
// follow sits out is the one the date names from the fake now (on the system clock it would be
// years, capped at a day).
import { createFeedClient } from "@feedgate/feed-client";
import { createFakeClock, type FeedFake, startFeedFake } from "@feedgate/mock";
import { makeSelectedItem } from "@feedgate/test-harness";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStore, createSelectedMirror } from "../../src/mirror/index.js";

const fakes: FeedFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

describe("selected mirror on a fake clock", () => {
  it("follow waits the Retry-After date as counted from the injected clock's now", async () => {
    const fake = await startFeedFake({ data: "empty", seed: 3 });
    fakes.push(fake);
    for (let n = 0; n < 3; n++) fake.selected.upsert(makeSelectedItem(n));
    // Years away from the machine's time, so only the injected clock can give 90 s.
    const clock = createFakeClock(Date.UTC(2031, 0, 1, 0, 0, 0));
    fake.faults.add({
      route: "selectedChanges",
      fault: {
        type: "status",
        status: 503,
        retryAfter: new Date(clock.now() + 90_000).toUTCString(),
      },
      times: 1,
    });
    const controller = new AbortController();
    const waits: number[] = [];
    const mirror = createSelectedMirror({
      client: createFeedClient({ baseUrl: fake.url, maxRetries: 0 }),
      store: createMemoryStore(),
      clock,
      random: () => 0,
      retryBaseDelayMs: 10,
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
        if (waits.length === 2) controller.abort();
      },
    });
    await mirror.follow({ signal: controller.signal });
    // The failed sync waits what the date names from the fake now; the next one succeeds and waits
    // the changes answer's cache lifetime.
    expect(waits[0]).toBe(90_000);
    expect(waits).toHaveLength(2);
    expect(mirror.stats.snapshots).toBe(1);
  });
});
