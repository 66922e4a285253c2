import { describe, expect, it } from "vitest";
import { FEED_ROUTES, type FeedFake, type HotTopic, startFeedFake } from "../../src/index.js";
import { CACHE_CONTROL } from "../../src/internal/feed/wire.js";
import { feedGet, feedSpecValidator } from "../support/http.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: FeedFake | undefined;

describe("the cacheControl option", () => {
  it("defaults to the service's values, which are the spec's examples", () => {
    for (const route of FEED_ROUTES) {
      const headers = feedSpecValidator().responseOf(route, 200)["headers"] as Record<
        string,
        { example?: string; schema?: { example?: string } }
      >;
      const header = headers["Cache-Control"];
      expect(CACHE_CONTROL[route], route).toBe(String(header?.example ?? header?.schema?.example));
    }
  });

  it("sets a route's lifetime on 200 and 304: a number of seconds or a header as given; other routes keep theirs", async () => {
    fake = await servers.feed({
      cacheControl: {
        hotTopics: 1,
        codexResetsRecent: "public, max-age=5, s-maxage=2, stale-while-revalidate=10",
      },
    });
    const hot = await feedGet(fake.url, "/api/v1/hot-topics", "hotTopics");
    expect(hot.headers.get("cache-control")).toBe("public, max-age=1, s-maxage=1");
    const again = await feedGet(fake.url, "/api/v1/hot-topics", "hotTopics", {
      "if-none-match": hot.headers.get("etag") ?? "",
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("public, max-age=1, s-maxage=1");
    expect(
      (await feedGet(fake.url, "/api/v1/codex-resets/recent", "codexResetsRecent")).headers.get(
        "cache-control",
      ),
    ).toBe("public, max-age=5, s-maxage=2, stale-while-revalidate=10");
    expect(
      (await feedGet(fake.url, "/api/v1/codex-resets", "codexResets")).headers.get("cache-control"),
    ).toBe(CACHE_CONTROL.codexResets);
    expect((await feedGet(fake.url, "/api/v1/items", "items")).headers.get("cache-control")).toBe(
      CACHE_CONTROL.items,
    );
  });

  it('"*" covers every route not named, the story 308 included; Problems keep theirs', async () => {
    fake = await servers.feed({ cacheControl: { "*": 0, items: "private, max-age=3" } });
    const hot = await feedGet(fake.url, "/api/v1/hot-topics", "hotTopics");
    expect(hot.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=0");
    expect((await feedGet(fake.url, "/api/v1/items", "items")).headers.get("cache-control")).toBe(
      "private, max-age=3",
    );
    const merged =
      (hot.json as { items: HotTopic[] }).items[3]?.links.story?.split("/").pop() ?? "";
    const redirect = await feedGet(fake.url, `/api/v1/stories/${merged}`, undefined);
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=0");
    const unknownStory = await feedGet(
      fake.url,
      "/api/v1/stories/00000000-0000-4000-8000-000000000000",
      "storyByPublicId",
    );
    expect(unknownStory.status).toBe(404);
    expect(unknownStory.headers.get("cache-control")).toBe("public, max-age=60");
    const bad = await feedGet(fake.url, "/api/v1/items?limit=0", "items");
    expect(bad.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses unknown routes and values that are not a header or whole seconds", async () => {
    await expect(startFeedFake({ cacheControl: { item: 1 } as never })).rejects.toThrow(
      /unknown feed operation "item"/,
    );
    await expect(startFeedFake({ cacheControl: { createResponse: 1 } as never })).rejects.toThrow(
      RangeError,
    );
    await expect(startFeedFake({ cacheControl: { items: 1.5 } })).rejects.toThrow(/integer ≥ 0/);
    await expect(startFeedFake({ cacheControl: { items: -1 } })).rejects.toThrow(RangeError);
    await expect(startFeedFake({ cacheControl: { items: "" } })).rejects.toThrow(TypeError);
    await expect(
      startFeedFake({ cacheControl: { items: "max-age=1\r\nx-evil: 1" } }),
    ).rejects.toThrow(TypeError);
  });
});
