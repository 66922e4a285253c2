import { describe, expect, it } from "vitest";
import { collect, eachFeedFake, fakeKit, makeItems } from "../support/fake-kit.js";

const HOUR = 3_600_000;
const fx = eachFeedFake({ data: "empty" });

/** The ids of a walk of mode=all pages of 5, the fake's clock moved by `ms` after page `at`. */
async function walkMovingAt(kit: ReturnType<typeof fakeKit>["kit"], at: number, ms: number) {
  const ids: string[] = [];
  for await (const page of kit.iterateItemPages({ mode: "all", limit: 5 })) {
    ids.push(...page.items.map((i) => i.id));
    if (page.pageNumber === at) fx.fake.clock.advance(ms);
  }
  return ids;
}

describe("cursor pagination against the fake", () => {
  it("walks every page, newest first, each id once", async () => {
    fx.fake.items.set(makeItems(237, fx.fake.clock.now()));
    const { kit } = fakeKit(fx.fake);
    const ids = (await collect(kit.iterateItems({ mode: "all", limit: 50 }))).map((i) => i.id);
    expect(ids).toEqual(makeItems(237, 0).map((i) => i.id));
    expect(fx.fake.requests).toHaveLength(5);
  });

  it("restarts from the first page when the cursor's anchor leaves the window, never yielding an id twice", async () => {
    // 30 items, 5 h apart: the 10th (page 2's anchor) is 45 h old.
    fx.fake.items.set(makeItems(30, fx.fake.clock.now(), 5 * HOUR));
    const { kit } = fakeKit(fx.fake);
    // After page 2, the window moves 130 h: the anchor (45 h old) is now 175 h old, outside 7 d.
    const ids = await walkMovingAt(kit, 2, 130 * HOUR);
    expect(fx.fake.requests.map((r) => r.status)).toContain(400);
    expect(new Set(ids).size).toBe(ids.length);
    // Items 0–9 came before the move; after it only items up to 38 h old (0–7) are in the window.
    expect(ids).toEqual(makeItems(10, 0).map((i) => i.id));
  });

  it("walks runs of equal timestamps across page boundaries, each id once, and after a restart resumes past them", async () => {
    // 60 items in runs of 7 sharing a timestamp, so ties straddle the pages of 5.
    const now = fx.fake.clock.now();
    const items = makeItems(60, now).map((item, i) => ({
      ...item,
      discoveredAt: new Date(now - Math.floor(i / 7) * 5 * HOUR).toISOString(),
    }));
    fx.fake.items.set(items);
    const { kit } = fakeKit(fx.fake);
    // The fake orders ties by id descending; ours are ascending within a run, so compute the truth.
    const truth = [...items]
      .sort(
        (a, b) => Date.parse(b.discoveredAt) - Date.parse(a.discoveredAt) || (a.id < b.id ? 1 : -1),
      )
      .map((i) => i.id);
    expect((await collect(kit.iterateItems({ mode: "all", limit: 5 }))).map((i) => i.id)).toEqual(
      truth,
    );

    // Again, and after page 4 the window moves so that the cursor's anchor (10 h old) leaves it.
    const ids = await walkMovingAt(kit, 4, 160 * HOUR);
    expect(fx.fake.requests.map((r) => r.status)).toContain(400);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(truth.slice(0, 20));
  });

  it("newItemsSince stops at the first known id", async () => {
    fx.fake.items.set(makeItems(120, fx.fake.clock.now()));
    const { kit } = fakeKit(fx.fake);
    const known = makeItems(120, 0)
      .slice(60)
      .map((i) => i.id);
    const fresh = await kit.newItemsSince(known, { mode: "all", limit: 25 });
    expect(fresh.map((i) => i.id)).toEqual(makeItems(60, 0).map((i) => i.id));
    expect(fx.fake.requests).toHaveLength(3);
  });

  it("break stops fetching", async () => {
    fx.fake.items.set(makeItems(300, fx.fake.clock.now()));
    const { kit } = fakeKit(fx.fake);
    for await (const item of kit.iterateItems({ mode: "all", limit: 10 }))
      if (item.id === "it-000015") break;
    expect(fx.fake.requests).toHaveLength(2);
  });
});
