import { json, problem } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { positionTracker } from "../../src/feed/pagination.js";
import { isFeedgateError } from "../../src/index.js";
import { collect } from "../support/fake-kit.js";
import { item, itemsPage, stubKit } from "../support/feed-kit.js";

/** A stub items endpoint: pages of `ids`, cursor = index of the next item. */
function pagedItems(pages: string[][], options: { invalidOnce?: string } = {}) {
  let invalidated = false;
  return (request: Request) => {
    const cursor = new URL(request.url).searchParams.get("cursor");
    if (cursor !== null && cursor === options.invalidOnce && !invalidated) {
      invalidated = true;
      return problem(400, "invalid_cursor");
    }
    const index = cursor === null ? 0 : Number(cursor.slice(1));
    const next = index + 1 < pages.length ? `p${index + 1}` : null;
    return json(200, itemsPage(pages[index]!, next));
  };
}

describe("cursor pagination", () => {
  it("passes nextCursor until hasMore is false, yielding every item once", async () => {
    const handler = pagedItems([["a", "b"], ["c", "d"], ["e"]]);
    const { kit, seen } = stubKit([handler]);
    const ids: string[] = [];
    for await (const item of kit.iterateItems({ limit: 2, mode: "all" })) ids.push(item.id);
    expect(ids).toEqual(["a", "b", "c", "d", "e"]);
    expect(seen.map((s) => new URL(s.url).searchParams.get("cursor"))).toEqual([null, "p1", "p2"]);
    expect(seen.every((s) => new URL(s.url).searchParams.get("mode") === "all")).toBe(true);
  });

  it("yields pages with their metadata and numbering", async () => {
    const { kit } = stubKit([pagedItems([["a"], ["b"]])]);
    const pages = [];
    for await (const page of kit.iterateItemPages())
      pages.push([page.pageNumber, page.items.map((i) => i.id), page.meta.status]);
    expect(pages).toEqual([
      [1, ["a"], 200],
      [2, ["b"], 200],
    ]);
  });

  it("restarts from the first page on invalid_cursor and never yields an id twice", async () => {
    const { kit, seen } = stubKit([
      pagedItems([["a", "b"], ["c", "d"], ["e"]], { invalidOnce: "p2" }),
    ]);
    const ids: string[] = [];
    for await (const item of kit.iterateItems()) ids.push(item.id);
    expect(ids).toEqual(["a", "b", "c", "d", "e"]);
    expect(seen.map((s) => new URL(s.url).searchParams.get("cursor"))).toEqual([
      null,
      "p1",
      "p2",
      null,
      "p1",
      "p2",
    ]);
  });

  it("gives up with limit_exceeded after maxRestarts", async () => {
    const { kit } = stubKit([
      (r: Request) =>
        new URL(r.url).searchParams.has("cursor")
          ? problem(400, "invalid_cursor")
          : json(200, itemsPage(["a"], "p1")),
    ]);
    const error = await (async () => {
      for await (const _ of kit.iterateItems({}, { maxRestarts: 2 })) void _;
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "limit_exceeded", code: "max_restarts" });
  });

  it("stops at maxPages with limit_exceeded", async () => {
    const { kit, seen } = stubKit([
      (_r: Request) => json(200, itemsPage([`i${Math.random()}`], `again-${Math.random()}`)),
    ]);
    const error = await (async () => {
      for await (const _ of kit.iterateItemPages({}, { maxPages: 4 })) void _;
    })().catch((e: unknown) => e);
    expect(isFeedgateError(error, "limit_exceeded")).toBe(true);
    expect(seen).toHaveLength(4);
  });

  it("stops fetching on break", async () => {
    const { kit, seen } = stubKit([pagedItems([["a", "b"], ["c", "d"], ["e"]])]);
    for await (const item of kit.iterateItems()) if (item.id === "b") break;
    expect(seen).toHaveLength(1);
  });

  it("newItemsSince pages back only until a known id", async () => {
    const { kit, seen } = stubKit([pagedItems([["n1", "n2"], ["n3", "k1"], ["k2"], ["k3"]])]);
    expect((await kit.newItemsSince(["k1", "k2"])).map((i) => i.id)).toEqual(["n1", "n2", "n3"]);
    expect(seen).toHaveLength(2);
    const single = stubKit([pagedItems([["n1", "k9"], ["x"]])]);
    expect((await single.kit.newItemsSince("k9")).map((i) => i.id)).toEqual(["n1"]);
    expect(single.seen).toHaveLength(1);
  });

  it("aborting rejects with kind aborted and fetches no more", async () => {
    const controller = new AbortController();
    const { kit, seen } = stubKit([pagedItems([["a"], ["b"], ["c"]])]);
    const error = await (async () => {
      for await (const item of kit.iterateItems({}, { signal: controller.signal }))
        if (item.id === "a") controller.abort();
    })().catch((e: unknown) => e);
    expect(isFeedgateError(error, "aborted")).toBe(true);
    expect(seen).toHaveLength(1);
  });
});

/**
 * A keyset-paged items endpoint like the service's: newest first (sort key descending, then id
 * descending), the cursor names the last item's key and id, the next page starts strictly after
 * it. `list` may be changed between requests; `invalid` lists cursors refused once each.
 */
function keysetItems(
  list: Array<{ id: string; at: string }>,
  options: { limit: number; invalid?: Set<string>; repeatLast?: boolean; ordering?: string },
) {
  const order = (a: { id: string; at: string }, b: { id: string; at: string }) =>
    Date.parse(b.at) - Date.parse(a.at) || Number(a.id < b.id) - Number(a.id > b.id);
  const handler = (request: Request) => {
    const cursor = new URL(request.url).searchParams.get("cursor");
    if (cursor !== null && options.invalid?.delete(cursor)) return problem(400, "invalid_cursor");
    const sorted = options.ordering === "shuffled" ? list : [...list].sort(order);
    let start = 0;
    if (cursor !== null) {
      const [at, id] = JSON.parse(cursor) as [string, string];
      const index = sorted.findIndex((x) => x.id === id);
      // Keyset: strictly after (at, id) in the order, wherever the anchor item went.
      start =
        index >= 0 && options.ordering === "shuffled"
          ? index + 1
          : sorted.findIndex((x) => order(x, { id, at }) > 0);
      if (start < 0) start = sorted.length;
      if (options.repeatLast) start = Math.max(0, start - 1);
    }
    const page = sorted.slice(start, start + options.limit);
    const hasMore = start + options.limit < sorted.length;
    const lastOf = page[page.length - 1];
    const body = itemsPage(
      page.map((x) => x.id),
      hasMore && lastOf ? JSON.stringify([lastOf.at, lastOf.id]) : null,
    );
    body.items = page.map((x) => item(x.id, { discoveredAt: x.at }));
    return json(200, body);
  };
  return handler;
}

const at = (minute: number) =>
  new Date(Date.parse("2026-11-19T00:00:00Z") + minute * 60_000).toISOString();

/** Items in the order given, each at its minute. */
const timeline = (minutes: Record<string, number>) =>
  Object.entries(minutes).map(([id, minute]) => ({ id, at: at(minute) }));

async function idsOf(kit: ReturnType<typeof stubKit>["kit"], limit: number) {
  const ids: string[] = [];
  for await (const i of kit.iterateItems({ limit })) ids.push(i.id);
  return ids;
}

describe("cursor pagination: no duplicate, no skip, bounded memory", () => {
  it("equal timestamps across a page boundary, then a restart inside the tie", async () => {
    // Five items share one timestamp and straddle the boundaries of pages of 2.
    const list = timeline({ i9: 9, i8: 5, i7: 5, i6: 5, i5: 5, i4: 5, i3: 2, i2: 1 });
    // The cursor after page 2 (last item i6, inside the tie) is refused once.
    const { kit, seen } = stubKit([
      keysetItems(list, { limit: 2, invalid: new Set([JSON.stringify([at(5), "i6"])]) }),
    ]);
    const ids = await idsOf(kit, 2);
    expect(ids).toEqual(["i9", "i8", "i7", "i6", "i5", "i4", "i3", "i2"]);
    expect(seen.filter((s) => !new URL(s.url).searchParams.has("cursor"))).toHaveLength(2); // one restart

    // Again, but i6 is withdrawn as its cursor is refused: the position is found by key, and the
    // tie's earlier ids (i8 on page 1, i7 on page 2) are still remembered.
    const again = [...list];
    const handler = keysetItems(again, {
      limit: 2,
      invalid: new Set([JSON.stringify([at(5), "i6"])]),
    });
    const withdrawn = stubKit([
      (request: Request) => {
        const answer = handler(request);
        if (new URL(request.url).searchParams.get("cursor") === JSON.stringify([at(5), "i6"]))
          again.splice(
            again.findIndex((x) => x.id === "i6"),
            1,
          );
        return answer;
      },
    ]);
    expect(await idsOf(withdrawn.kit, 2)).toEqual(["i9", "i8", "i7", "i6", "i5", "i4", "i3", "i2"]);
  });

  it("resumes by sort key when the last item yielded is gone at the restart", async () => {
    const list = [6, 5, 4, 3, 2, 1].map((n) => ({ id: `i${n}`, at: at(n) }));
    const invalid = new Set([JSON.stringify([at(5), "i5"])]);
    const handler = keysetItems(list, { limit: 2, invalid });
    const { kit } = stubKit([
      (request: Request) => {
        const answer = handler(request);
        // i5 (the last item of page 1) is withdrawn as its cursor is refused.
        if (
          new URL(request.url).searchParams.get("cursor") !== null &&
          list.some((x) => x.id === "i5")
        )
          list.splice(
            list.findIndex((x) => x.id === "i5"),
            1,
          );
        return answer;
      },
    ]);
    expect(await idsOf(kit, 2)).toEqual(["i6", "i5", "i4", "i3", "i2", "i1"]);
  });

  it("items that arrived at the top meanwhile are yielded after the restart, and nothing repeats", async () => {
    const list = [6, 5, 4, 3, 2, 1].map((n) => ({ id: `i${n}`, at: at(n) }));
    const handler = keysetItems(list, {
      limit: 2,
      invalid: new Set([JSON.stringify([at(3), "i3"])]),
    });
    const { kit } = stubKit([
      (request: Request) => {
        if (new URL(request.url).searchParams.get("cursor") !== null && list.length === 6)
          list.push({ id: "i7", at: at(7) });
        return handler(request);
      },
    ]);
    // The restart (at i3's cursor) walks from the top again: i7 is new there, and comes once.
    expect(await idsOf(kit, 2)).toEqual(["i6", "i5", "i4", "i3", "i7", "i2", "i1"]);
  });

  it("with sort keys the items do not carry in order (the service's timeline anchor), resumes at the last id", async () => {
    // Served in this order; their discoveredAt is not monotonic, so keys cannot place the position.
    const list = timeline({ a: 9, b: 3, c: 8, d: 1, e: 7, f: 2 });
    const { kit } = stubKit([
      keysetItems(list, {
        limit: 2,
        ordering: "shuffled",
        invalid: new Set([JSON.stringify([at(1), "d"])]),
      }),
    ]);
    expect(await idsOf(kit, 2)).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("drops an item a server repeats at the start of the next page", async () => {
    const list = [6, 5, 4, 3, 2, 1].map((n) => ({ id: `i${n}`, at: at(n) }));
    const { kit } = stubKit([keysetItems(list, { limit: 3, repeatLast: true })]);
    expect(await idsOf(kit, 3)).toEqual(["i6", "i5", "i4", "i3", "i2", "i1"]);
  });

  it("drops an item a server repeats within one page", async () => {
    const { kit } = stubKit([
      pagedItems([
        ["a", "b", "a"],
        ["c", "c", "d"],
      ]),
    ]);
    expect(await idsOf(kit, 3)).toEqual(["a", "b", "c", "d"]);
  });

  it("a restart at scale, on the service's time forms, neither repeats nor skips an item", async () => {
    // 1,000 items in runs of equal times, half written without milliseconds (both forms the
    // paginator reads digit by digit); the cursor after page 4 is refused once, and the last
    // item yielded before it is withdrawn then, so the walk resumes by sort key.
    const T = Date.parse("2026-11-19T12:00:00.000Z");
    const list = Array.from({ length: 1000 }, (_, n) => {
      const time = new Date(T - Math.floor(n / 3) * 1000).toISOString();
      return {
        id: `i${String(999 - n).padStart(4, "0")}`,
        at: n % 2 ? `${time.slice(0, 19)}Z` : time,
      };
    });
    const expected = list.map((x) => x.id);
    const fifthCursor = JSON.stringify([list[399]!.at, list[399]!.id]);
    const handler = keysetItems(list, { limit: 100, invalid: new Set([fifthCursor]) });
    const { kit, seen } = stubKit([
      (request: Request) => {
        const answer = handler(request);
        if (new URL(request.url).searchParams.get("cursor") === fifthCursor) list.splice(399, 1);
        return answer;
      },
    ]);
    expect(await idsOf(kit, 100)).toEqual(expected);
    expect(seen.filter((s) => !new URL(s.url).searchParams.has("cursor"))).toHaveLength(2); // one restart
  });

  it("remembers a page plus the ties of the last sort key, not every id", () => {
    const tracker = positionTracker();
    let yielded = 0;
    for (let page = 0; page < 100; page++) {
      const items = Array.from({ length: 100 }, (_, i) =>
        item(`p${page}-${i}`, { discoveredAt: at(100_000 - page * 100 - i) }),
      );
      yielded += tracker.accept(items, false).length;
      expect(tracker.remembered).toBeLessThanOrEqual(100);
    }
    expect(yielded).toBe(10_000);
    // A tie as long as three pages is remembered whole: it may straddle the next boundary.
    const tie = Array.from({ length: 300 }, (_, i) => item(`t${i}`, { discoveredAt: at(5) }));
    for (let page = 0; page < 3; page++)
      tracker.accept(tie.slice(page * 100, page * 100 + 100), false);
    expect(tracker.remembered).toBe(300);
    tracker.accept([item("later", { discoveredAt: at(4) })], false);
    expect(tracker.remembered).toBe(1);
  });
});

describe("the 72-hour back-fill rule of by=timeline", () => {
  it("orders by the timeline time and restarts across a back-filled item, resuming by sort key", async () => {
    const T = Date.parse("2026-11-20T00:00:00Z");
    const HOUR = 3_600_000;
    const at = (hoursAgo: number) => new Date(T - hoursAgo * HOUR).toISOString();
    // Each item discovered when listed, except B: published 100 h ago and back-filled 10 minutes
    // ago, so the timeline keeps its publication time and lists it between E and F.
    const timed = (id: string, hoursAgo: number) =>
      item(id, { discoveredAt: at(hoursAgo), publishedAt: at(hoursAgo + 0.5) });
    const A = timed("a", 1),
      C = timed("c", 2),
      D = timed("d", 3),
      E = timed("e", 90),
      F = timed("f", 110),
      G = timed("g", 120),
      H = timed("h", 130);
    const B = item("b", { discoveredAt: at(1 / 6), publishedAt: at(100) });
    const page = (items: object[], nextCursor: string | null) => ({
      ...itemsPage([], nextCursor),
      items,
      page: { count: items.length, hasMore: nextCursor !== null, nextCursor },
    });
    const { kit } = stubKit([
      json(200, page([A, C, D], "c1")),
      json(200, page([E, B, F], "c2")),
      problem(400, "invalid_cursor"),
      // After the restart F was withdrawn: the walk resumes after it by sort key, not by id.
      json(200, page([A, C, D], "c1")),
      json(200, page([E, B, G], "c3")),
      json(200, page([H], null)),
    ]);
    const ids = (await collect(kit.iterateItems({ mode: "all", limit: 3 }))).map((i) => i.id);
    expect(ids).toEqual(["a", "c", "d", "e", "b", "f", "g", "h"]);
  });
});
