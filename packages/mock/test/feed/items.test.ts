import { timelineTime } from "@feedgate/feed-client";
import { DEFAULT_ITEMS_QUERY } from "@feedgate/test-harness";
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeItem, FeedFake } from "../../src/index.js";
import { asRecord, feedGet } from "../support/http.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

const HOUR = 3_600_000;
let fake: FeedFake;

beforeEach(async () => {
  fake = await servers.feed();
});

interface Page {
  items: FakeItem[];
  page: { count: number; hasMore: boolean; nextCursor: string | null };
  query: Record<string, unknown>;
}

async function page(query: string): Promise<Page> {
  const answer = await feedGet(fake.url, `/api/v1/items${query}`, "items");
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Page;
}

function item(id: string, discoveredAt: number, extra: Partial<FakeItem> = {}): FakeItem {
  return {
    id,
    title: `Item ${id}`,
    originalTitle: null,
    summary: `Summary of ${id}`,
    source: { name: "Test source" },
    links: { aihot: `https://feed.example/items/${id}`, original: `https://source.example/${id}` },
    publishedAt: new Date(discoveredAt - HOUR).toISOString(),
    discoveredAt: new Date(discoveredAt).toISOString(),
    category: "ai-models",
    score: 50,
    selected: true,
    ...extra,
  };
}

describe("GET /api/v1/items", () => {
  it("echoes the effective query with defaults and orders by timeline descending", async () => {
    const body = await page("");
    expect(body.query).toEqual(DEFAULT_ITEMS_QUERY);
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((i) => i.selected)).toBe(true);
    const times = body.items.map((i) => timelineTime(i));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(body.page.count).toBe(body.items.length);
  });

  it("places an item back-filled more than 72 h after publication at its publication time (by=timeline)", async () => {
    const all = (await page("?mode=all&limit=100")).items;
    const HOUR = 3_600_000;
    const lag = (i: (typeof all)[number]) =>
      i.publishedAt === null ? 0 : Date.parse(i.discoveredAt) - Date.parse(i.publishedAt);
    // The seed has both: items published up to 72 h before discovery, and items back-filled later.
    const late = all.find((i) => lag(i) > 60 * HOUR && lag(i) <= 72 * HOUR)!;
    const backfilled = all.find((i) => lag(i) > 72 * HOUR)!;
    expect(late).toBeDefined();
    expect(backfilled).toBeDefined();
    expect(timelineTime(late)).toBe(Date.parse(late.discoveredAt));
    expect(timelineTime(backfilled)).toBe(Date.parse(backfilled.publishedAt!));
    // Listed among items discovered around its publication, not at its discovery time.
    const position = all.indexOf(backfilled);
    const before = all[position - 1]!;
    expect(timelineTime(before)).toBeGreaterThanOrEqual(Date.parse(backfilled.publishedAt!));
    expect(Date.parse(before.discoveredAt)).toBeLessThan(Date.parse(backfilled.discoveredAt));
  });

  it("pages through every item of the window exactly once, even when limit changes between pages", async () => {
    const all = await page("?mode=all&limit=100");
    expect(all.page.hasMore).toBe(false);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 50; n++) {
      const limit = n % 2 === 0 ? 7 : 3;
      const body: Page = await page(
        `?mode=all&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.push(...body.items.map((i) => i.id));
      expect(body.page.nextCursor === null).toBe(!body.page.hasMore);
      cursor = body.page.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(seen).toEqual(all.items.map((i) => i.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("binds the cursor to the query: another mode, category, window, by or q makes it invalid_cursor", async () => {
    const first = await page("?mode=all&limit=2");
    const cursor = first.page.nextCursor ?? "";
    const variants: Array<Record<string, string>> = [
      { mode: "selected" },
      { mode: "all", category: "paper" },
      { mode: "all", window: "24h" },
      { mode: "all", by: "published" },
      { mode: "all", q: "agents" },
    ];
    for (const variant of variants) {
      const query = new URLSearchParams({ ...variant, limit: "2", cursor });
      const answer = await feedGet(fake.url, `/api/v1/items?${query}`, "items");
      expect(answer.status, JSON.stringify(variant)).toBe(400);
      expect(asRecord(answer.json)["code"]).toBe("invalid_cursor");
    }
    const same = await feedGet(
      fake.url,
      `/api/v1/items?${new URLSearchParams({ mode: "all", limit: "5", cursor })}`,
      "items",
    );
    expect(same.status).toBe(200);
  });

  it("turns a cursor invalid once its anchor leaves the window as the clock moves", async () => {
    const first = await page("?mode=all&window=24h&limit=2");
    expect(first.page.hasMore).toBe(true);
    const cursor = encodeURIComponent(first.page.nextCursor ?? "");
    const ok = await feedGet(
      fake.url,
      `/api/v1/items?mode=all&window=24h&limit=2&cursor=${cursor}`,
      "items",
    );
    expect(ok.status).toBe(200);
    fake.clock.advance(25 * HOUR);
    const gone = await feedGet(
      fake.url,
      `/api/v1/items?mode=all&window=24h&limit=2&cursor=${cursor}`,
      "items",
    );
    expect(gone.status).toBe(400);
    expect(asRecord(gone.json)).toMatchObject({
      code: "invalid_cursor",
      title: "Invalid cursor",
      detail: "The cursor is malformed.",
    });
  });

  it("rejects malformed cursors (empty, wrong prefix, garbage)", async () => {
    for (const bad of [
      "",
      "xx3.abc",
      "it3.!!!",
      `it3.${Buffer.from("[1]").toString("base64url")}`,
    ]) {
      const answer = await feedGet(
        fake.url,
        `/api/v1/items?cursor=${encodeURIComponent(bad)}`,
        "items",
      );
      expect(answer.status, bad).toBe(400);
      expect(asRecord(answer.json)["code"]).toBe("invalid_cursor");
    }
  });

  it("validates every parameter with the service's messages", async () => {
    const cases: Array<[string, string]> = [
      ["?mode=some", "mode must be 'selected' or 'all'."],
      ["?window=30d", "window must be '24h' or '7d'."],
      ["?by=x", "by must be 'timeline' or 'published'."],
      [
        "?category=cats",
        "category must be one of: ai-models, ai-products, industry, paper, tip, opinion.",
      ],
      ["?limit=0", "limit must be an integer from 1 to 100."],
      ["?limit=101", "limit must be an integer from 1 to 100."],
      ["?limit=1.5", "limit must be an integer from 1 to 100."],
      ["?q=%20a%20", "q must contain 2 to 200 characters."],
      [`?q=${encodeURIComponent("x".repeat(201))}`, "q must contain 2 to 200 characters."],
      ["?_=123", "Unknown query parameter: _."],
      ["?limit=1&limit=2", "Query parameter must not be repeated: limit."],
    ];
    for (const [query, detail] of cases) {
      const answer = await feedGet(fake.url, `/api/v1/items${query}`, "items");
      expect(answer.status, query).toBe(400);
      expect(asRecord(answer.json)).toMatchObject({ code: "invalid_request", detail, status: 400 });
    }
  });

  it("counts q in code points and accepts the bounds", async () => {
    expect(
      (await feedGet(fake.url, `/api/v1/items?q=${encodeURIComponent("😀😀")}`, "items")).status,
    ).toBe(200);
    expect(
      (await feedGet(fake.url, `/api/v1/items?q=${encodeURIComponent("😀")}`, "items")).status,
    ).toBe(400);
    expect(
      (await feedGet(fake.url, `/api/v1/items?q=${encodeURIComponent("😀".repeat(200))}`, "items"))
        .status,
    ).toBe(200);
    expect((await feedGet(fake.url, "/api/v1/items?limit=1", "items")).status).toBe(200);
    expect((await feedGet(fake.url, "/api/v1/items?limit=100", "items")).status).toBe(200);
  });

  it("filters by q terms (all must match, case-insensitive), category and mode", async () => {
    const agents = await page("?mode=all&q=AGENTS%20synthetic&limit=100");
    expect(agents.items.length).toBeGreaterThan(0);
    expect(agents.items.every((i) => i.title.toLowerCase().includes("agents"))).toBe(true);
    expect(agents.query["q"]).toBe("AGENTS synthetic");
    const paper = await page("?mode=all&category=paper&limit=100");
    expect(paper.items.length).toBeGreaterThan(0);
    expect(paper.items.every((i) => i.category === "paper")).toBe(true);
    const all = await page("?mode=all&limit=100");
    const selected = await page("?mode=selected&limit=100");
    expect(selected.items.length).toBeLessThan(all.items.length);
  });

  it("hides items from the future until the clock reaches them, and drops old ones from the window", async () => {
    const now = fake.clock.now();
    fake.items.set([
      item("b", now - 2 * HOUR),
      item("future", now + HOUR),
      item("old", now - 8 * 24 * HOUR),
    ]);
    expect((await page("")).items.map((i) => i.id)).toEqual(["b"]);
    fake.clock.advance(2 * HOUR);
    expect((await page("")).items.map((i) => i.id)).toEqual(["future", "b"]);
    expect((await page("?window=24h")).items.map((i) => i.id)).toEqual(["future", "b"]);
    fake.clock.advance(23 * HOUR);
    expect((await page("?window=24h")).items.map((i) => i.id)).toEqual(["future"]);
  });

  it("orders by publication time for by=published and breaks ties by id descending", async () => {
    const now = fake.clock.now();
    fake.items.set([
      item("a", now - HOUR, { publishedAt: new Date(now - 5 * HOUR).toISOString() }),
      item("c", now - 3 * HOUR, { publishedAt: new Date(now - 2 * HOUR).toISOString() }),
      item("b", now - 3 * HOUR, { publishedAt: new Date(now - 2 * HOUR).toISOString() }),
    ]);
    const body = await page("?by=published");
    expect(body.items.map((i) => i.id)).toEqual(["c", "b", "a"]);
    expect(body.query["ordering"]).toBe("publishedAtDesc");
    expect((await page("")).items.map((i) => i.id)).toEqual(["a", "c", "b"]);
  });

  it("emits reason and attribution on every item and keeps items.add/list in sync", async () => {
    const now = fake.clock.now();
    fake.items.set([]);
    fake.items.add(item("x", now - HOUR));
    expect(fake.items.list().map((i) => i.id)).toEqual(["x"]);
    const [only] = (await page("")).items;
    expect(only).toMatchObject({
      reason: null,
      attribution: { name: "Feed Example", url: "https://feed.example/items/x" },
    });
  });
});
