import { beforeEach, describe, expect, it } from "vitest";
import { type FakeItem, FEED_CATEGORIES, type FeedFake } from "../../src/index.js";
import { createPrng, type Prng } from "../../src/internal/core/prng.js";
import { ItemIndex, type ItemOrder } from "../../src/internal/feed/item-index.js";
import { feedGet } from "../support/http.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

/**
 * The bound of the tests that walk hundreds of pages (each one validated against the document):
 * about a second on an idle machine, many times that on a busy one; a bound for a hang, not a
 * speed goal.
 */
const CPU_BOUND_MS = 120_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WORDS = ["agents", "reasoning", "benchmark", "robotics", "vision"];
const CATEGORIES: Array<string | null> = [...FEED_CATEGORIES, null];

interface Query {
  mode: "selected" | "all";
  category: string | null;
  window: "24h" | "7d";
  by: ItemOrder;
  q: string | null;
}

/** Date.parse, remembered: the seeded sets draw their times from a handful of instants. */
const parsedTimes = new Map<string, number>();
function parseTime(text: string): number {
  let time = parsedTimes.get(text);
  if (time === undefined) {
    time = Date.parse(text);
    parsedTimes.set(text, time);
  }
  return time;
}

/**
 * The items route as it was before the index: filter every item, stable-sort by (key desc, id
 * desc), drop what is not after the cursor, slice. The reference the index must agree with.
 */
function reference(
  items: readonly FakeItem[],
  query: Query,
  now: number,
  anchor: { a: number; i: string } | undefined,
  limit: number,
) {
  const windowStart = now - (query.window === "24h" ? DAY : 7 * DAY);
  // The timeline time: discovery, unless back-filled more than 72 h after publication.
  const timeline = (item: FakeItem) => {
    const discovered = parseTime(item.discoveredAt);
    return item.publishedAt !== null && discovered - parseTime(item.publishedAt) > 72 * 3_600_000
      ? parseTime(item.publishedAt)
      : discovered;
  };
  const key = (item: FakeItem) =>
    query.by === "published" ? parseTime(item.publishedAt ?? item.discoveredAt) : timeline(item);
  const terms =
    query.q === null ? [] : query.q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
  const matching = items
    .filter((item) => {
      const k = key(item);
      if (!(k >= windowStart && k <= now)) return false;
      if (query.mode === "selected" && !item.selected) return false;
      if (query.category !== null && item.category !== query.category) return false;
      const text = `${item.title} ${item.originalTitle ?? ""} ${item.summary ?? ""}`.toLowerCase();
      return terms.every((t) => text.includes(t));
    })
    .map((item) => ({ item, key: key(item) }))
    .sort((x, y) => y.key - x.key || Number(x.item.id < y.item.id) - Number(x.item.id > y.item.id));
  const after = anchor
    ? matching.filter(({ item, key: k }) => k < anchor.a || (k === anchor.a && item.id < anchor.i))
    : matching;
  const page = after.slice(0, limit);
  const last = page[page.length - 1];
  return {
    page: page.map(({ item }) => item),
    hasMore: after.length > limit,
    last: last ? { a: last.key, i: last.item.id } : undefined,
  };
}

/**
 * A seeded set built to collide: discoveredAt and publishedAt drawn from a handful of instants
 * (many equal keys), ids from a small pool (some repeat, so even (key, id) ties occur), some items
 * in the future or outside 7d, some without publishedAt or category.
 */
function collidingItems(prng: Prng, count: number, now: number, tag = ""): FakeItem[] {
  const instants = Array.from(
    { length: 12 },
    (_, k) => now - [0, 1, 2, 3, 5, 8, 20, 23, 30, 60, 150, 200][k]! * HOUR + (k === 0 ? HOUR : 0),
  );
  instants.push(now - 8 * DAY); // outside 7d
  return Array.from({ length: count }, (_, n) => {
    const id = `i${tag}${prng
      .int(0, Math.floor(count * 0.8))
      .toString()
      .padStart(3, "0")}`;
    const discovered = prng.pick(instants);
    const publishedAt =
      prng.int(0, 4) === 0
        ? null
        : new Date(prng.int(0, 1) === 0 ? discovered : prng.pick(instants)).toISOString();
    return {
      id,
      title: `Item ${n} on ${prng.pick(WORDS)}`,
      originalTitle: prng.int(0, 1) === 0 ? null : `Original ${prng.pick(WORDS)}`,
      summary: prng.int(0, 2) === 0 ? null : `About ${prng.pick(WORDS)} and ${prng.pick(WORDS)}`,
      source: { name: "Seeded" },
      links: {
        aihot: `https://feed.example/items/${id}`,
        original: `https://source.example/${id}`,
      },
      publishedAt,
      discoveredAt: new Date(discovered).toISOString(),
      category: prng.pick(CATEGORIES),
      score: 50,
      selected: prng.int(0, 2) > 0,
    };
  });
}

function queries(): Query[] {
  const out: Query[] = [];
  for (const mode of ["all", "selected"] as const)
    for (const category of [null, "paper", "tip"])
      for (const window of ["7d", "24h"] as const)
        for (const by of ["timeline", "published"] as const)
          for (const q of [null, "agents", "about reasoning"])
            out.push({ mode, category, window, by, q });
  return out;
}

function search(query: Query, limit: number, cursor: string | null): string {
  const params = new URLSearchParams({
    mode: query.mode,
    window: query.window,
    by: query.by,
    limit: String(limit),
  });
  if (query.category !== null) params.set("category", query.category);
  if (query.q !== null) params.set("q", query.q);
  if (cursor !== null) params.set("cursor", cursor);
  return `/api/v1/items?${params}`;
}

function anchorOf(cursor: string): { a: number; i: string } {
  const token = JSON.parse(
    Buffer.from(cursor.slice("it3.".length), "base64url").toString("utf8"),
  ) as { a: number; i: string };
  return { a: token.a, i: token.i };
}

interface Page {
  items: FakeItem[];
  page: { count: number; hasMore: boolean; nextCursor: string | null };
}

describe("the items route against a brute-force reference (seeded set with equal timestamps)", () => {
  let fake: FeedFake;
  beforeEach(async () => {
    fake = await servers.feed({ data: "empty" });
  });

  /** Pages `query` to the end, checking every page against the reference over the fake's current items; `between` runs before each next page. */
  async function pageAll(
    query: Query,
    limits: number[],
    between?: (pageNo: number) => void,
  ): Promise<number> {
    let cursor: string | null = null;
    let pages = 0;
    for (;;) {
      const limit = limits[pages % limits.length]!;
      const answer = await feedGet(fake.url, search(query, limit, cursor), "items");
      const label = `${JSON.stringify(query)} page ${pages + 1}`;
      expect(answer.status, `${label}: ${answer.text}`).toBe(200);
      const body = answer.json as Page;
      const want = reference(
        fake.items.list(),
        query,
        fake.clock.now(),
        cursor === null ? undefined : anchorOf(cursor),
        limit,
      );
      expect(
        body.items.map((i) => i.id),
        label,
      ).toEqual(want.page.map((i) => i.id));
      expect(
        body.items.map((i) => i.title),
        label,
      ).toEqual(want.page.map((i) => i.title));
      expect(body.page.hasMore, label).toBe(want.hasMore);
      expect(body.page.count).toBe(body.items.length);
      if (!body.page.hasMore) {
        expect(body.page.nextCursor).toBeNull();
        return pages + 1;
      }
      expect(anchorOf(body.page.nextCursor ?? ""), label).toEqual(want.last);
      cursor = body.page.nextCursor;
      pages += 1;
      between?.(pages);
    }
  }

  it(
    "gives the same pages, ties and cursors for every mode, category, window, order and q",
    async () => {
      const now = fake.clock.now();
      fake.items.set(collidingItems(createPrng(7), 220, now));
      let total = 0;
      for (const query of queries()) total += await pageAll(query, [13, 40, 1]);
      expect(total).toBeGreaterThan(queries().length * 2);
    },
    CPU_BOUND_MS,
  );

  it(
    "stays identical while items are added, updated and removed between pages, and as the clock moves",
    async () => {
      const prng = createPrng(11);
      const now = fake.clock.now();
      fake.items.set(collidingItems(prng, 150, now));
      let round = 0;
      const mutate = () => {
        round += 1;
        const list = fake.items.list();
        const victim = list[prng.int(0, list.length - 1)]!;
        const target = list[prng.int(0, list.length - 1)]!;
        const twin = prng.pick(list);
        fake.items.add(
          ...collidingItems(
            prng,
            round === 3 || round === 17 ? 70 : 1,
            fake.clock.now(),
            `n${round}`,
          ),
          { ...twin, title: `${twin.title} (twin ${round})` },
        );
        expect(
          fake.items.update({
            ...target,
            title: `${target.title} (u${round})`,
            discoveredAt: new Date(fake.clock.now() - prng.int(0, 30) * HOUR).toISOString(),
            selected: !target.selected,
          }),
        ).toBeGreaterThan(0);
        expect(fake.items.remove(victim.id)).toBeGreaterThan(0);
        if (round % 4 === 0) fake.clock.advance(MINUTE);
      };
      for (const query of queries().filter((q) => q.q !== "about reasoning" && q.window === "7d")) {
        await pageAll(query, [20, 45], mutate);
      }
      expect(round).toBeGreaterThan(20);
    },
    CPU_BOUND_MS,
  );

  it("answers invalid_cursor exactly as before: foreign query, anchor out of the window", async () => {
    fake.items.set(collidingItems(createPrng(3), 60, fake.clock.now()));
    const first = (await feedGet(fake.url, "/api/v1/items?mode=all&window=24h&limit=5", "items"))
      .json as Page;
    const cursor = first.page.nextCursor ?? "";
    expect(
      (
        await feedGet(
          fake.url,
          `/api/v1/items?mode=all&window=7d&limit=5&cursor=${encodeURIComponent(cursor)}`,
          "items",
        )
      ).status,
    ).toBe(400);
    fake.clock.advance(2 * DAY);
    const gone = await feedGet(
      fake.url,
      `/api/v1/items?mode=all&window=24h&limit=5&cursor=${encodeURIComponent(cursor)}`,
      "items",
    );
    expect(gone.status).toBe(400);
    expect((gone.json as { code: string }).code).toBe("invalid_cursor");
  });
});

describe("ItemIndex (direct) against the reference under random operations", () => {
  it(
    "agrees on thousands of random pages between adds (single and bulk), updates, removes and resets",
    () => {
      const prng = createPrng(2026);
      const now = Date.UTC(2026, 10, 20);
      const index = new ItemIndex();
      let list: FakeItem[] = collidingItems(prng, 300, now);
      index.set(list);
      const all = queries();
      let checks = 0;
      for (let step = 0; step < 200; step++) {
        const op = step > 0 && step % 100 === 0 ? -1 : prng.int(0, 9);
        if (op === -1) {
          list = collidingItems(prng, 200, now, `r${step}`);
          index.set(list);
        } else if (op <= 2) {
          const added = collidingItems(
            prng,
            op === 0 && step % 4 === 0 ? 70 : prng.int(1, 4),
            now,
            `s${step}`,
          );
          index.add(added);
          list = [...list, ...added];
        } else if (op <= 4 && list.length > 0) {
          const target = prng.pick(list);
          const next = {
            ...target,
            title: `${target.title}!`,
            discoveredAt: new Date(now - prng.int(0, 200) * HOUR).toISOString(),
            category: prng.pick(CATEGORIES),
          };
          expect(index.update(next)).toBe(list.filter((i) => i.id === target.id).length);
          list = list.map((i) => (i.id === target.id ? next : i));
        } else if (op === 5 && list.length > 0) {
          const id = prng.pick(list).id;
          expect(index.remove(id)).toBe(list.filter((i) => i.id === id).length);
          list = list.filter((i) => i.id !== id);
        }
        expect(index.size).toBe(list.length);
        for (let k = 0; k < 6; k++) {
          const query = prng.pick(all);
          const limit = prng.pick([1, 2, 5, 17, 100]);
          // Walk a few pages of this query from the start, as a client would.
          let anchor: { a: number; i: string } | undefined;
          for (let p = 0; p < 4; p++) {
            const want = reference(list, query, now, anchor, limit);
            const terms = query.q === null ? [] : query.q.toLowerCase().split(/\s+/);
            const got = index.page(
              { by: query.by, selectedOnly: query.mode === "selected", category: query.category },
              {
                now,
                windowStart: now - (query.window === "24h" ? DAY : 7 * DAY),
                after: anchor,
                limit,
                matches:
                  terms.length === 0
                    ? undefined
                    : (e) =>
                        terms.every((t) =>
                          `${e.item.title} ${e.item.originalTitle ?? ""} ${e.item.summary ?? ""}`
                            .toLowerCase()
                            .includes(t),
                        ),
              },
            );
            expect(got.entries.map((e) => e.item)).toEqual(want.page);
            expect(got.hasMore).toBe(want.hasMore);
            checks += 1;
            if (!want.hasMore || !want.last) break;
            anchor = want.last;
          }
        }
      }
      expect(index.list()).toEqual(list);
      expect(checks).toBeGreaterThan(1200);
    },
    CPU_BOUND_MS,
  );
});
