import { beforeAll, describe, expect, it } from "vitest";
import type { FeedFake, FeedRoute, HotTopic } from "../../src/index.js";
import { feedGet, feedSpecValidator } from "../support/http.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: FeedFake;
let story = "";
let date = "";

beforeAll(async () => {
  fake = await servers.feed();
  const hot = await feedGet(fake.url, "/api/v1/hot-topics", "hotTopics");
  story = String((hot.json as { items: HotTopic[] }).items[0]?.links.story?.split("/").pop());
  const dailies = await feedGet(fake.url, "/api/v1/dailies", "dailies");
  date = String((dailies.json as { items: Array<{ date: string }> }).items[0]?.date);
});

const paths = (): Array<[FeedRoute, string, string]> => [
  ["items", "/api/v1/items", "v1-items"],
  ["codexResets", "/api/v1/codex-resets", "v1-codex-resets"],
  ["codexResetsRecent", "/api/v1/codex-resets/recent", "v1-codex-resets-recent"],
  ["hotTopics", "/api/v1/hot-topics", "v1-hot"],
  ["storyByPublicId", `/api/v1/stories/${story}`, "v1-story"],
  ["dailies", "/api/v1/dailies", "v1-dailies"],
  ["latestDaily", "/api/v1/dailies/latest", "v1-daily"],
  ["dailyByDate", `/api/v1/dailies/${date}`, "v1-daily"],
  ["selectedSnapshot", "/api/v1/selected/snapshot", "v1-snapshot"],
];

/** The Cache-Control example the spec gives for an operation's 200. */
function specCacheControl(operationId: string): string {
  const headers = feedSpecValidator().responseOf(operationId, 200)["headers"] as Record<
    string,
    { example?: string; schema?: { example?: string } }
  >;
  const header = headers["Cache-Control"];
  return String(header?.example ?? header?.schema?.example);
}

describe("weak ETags, 304 and Cache-Control", () => {
  it("sends a weak ETag with the operation's prefix and the spec's Cache-Control on every 200 and 304", async () => {
    for (const [route, path, prefix] of paths()) {
      const first = await feedGet(fake.url, path, route);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get("etag") ?? "";
      expect(etag).toMatch(new RegExp(`^W/"${prefix}-[0-9a-f]{16}"$`));
      expect(first.headers.get("cache-control")).toBe(specCacheControl(route));
      expect(first.headers.get("vary")).toBe("Accept-Encoding");
      const again = await feedGet(fake.url, path, route, { "if-none-match": etag });
      expect(again.status, path).toBe(304);
      expect(again.text).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe(specCacheControl(route));
    }
  });

  it("matches If-None-Match weakly: lists, a missing W/, and *", async () => {
    const first = await feedGet(fake.url, "/api/v1/hot-topics", "hotTopics");
    const etag = first.headers.get("etag") ?? "";
    const strong = etag.replace(/^W\//, "");
    for (const header of [`"other", ${etag}`, strong, "*", ` W/"x" ,${strong} `]) {
      expect(
        (await feedGet(fake.url, "/api/v1/hot-topics", "hotTopics", { "if-none-match": header }))
          .status,
        header,
      ).toBe(304);
    }
    expect(
      (
        await feedGet(fake.url, "/api/v1/hot-topics", "hotTopics", {
          "if-none-match": 'W/"v1-hot-0000000000000000"',
        })
      ).status,
    ).toBe(200);
  });

  it("validates before comparing: a bad request never becomes 304", async () => {
    const answer = await feedGet(fake.url, "/api/v1/items?limit=0", "items", {
      "if-none-match": "*",
    });
    expect(answer.status).toBe(400);
  });

  it("changes the hot-topics ETag when the topics change, and serves only the first 10", async () => {
    const before = await feedGet(fake.url, "/api/v1/hot-topics", "hotTopics");
    const etag = before.headers.get("etag") ?? "";
    const topics = (before.json as { items: HotTopic[] }).items;
    expect(topics).toHaveLength(10);
    fake.hotTopics.set(topics.slice(0, 3));
    const after = await feedGet(fake.url, "/api/v1/hot-topics", "hotTopics", {
      "if-none-match": etag,
    });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((after.json as { count: number }).count).toBe(3);
    fake.hotTopics.set(topics);
  });

  it("gives identical snapshot pages the same ETag although asOf differs", async () => {
    const first = await feedGet(fake.url, "/api/v1/selected/snapshot?limit=5", "selectedSnapshot");
    fake.clock.advance(1000);
    const second = await feedGet(fake.url, "/api/v1/selected/snapshot?limit=5", "selectedSnapshot");
    expect((first.json as { asOf: string }).asOf).not.toBe((second.json as { asOf: string }).asOf);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  });
});
