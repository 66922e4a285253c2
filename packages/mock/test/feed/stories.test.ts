import { describe, expect, it } from "vitest";
import type { HotTopic, Story } from "../../src/index.js";
import { asRecord, feedGet } from "../support/http.js";
import { eachFeedFake, mockServers } from "../support/servers.js";

const servers = mockServers();

const fx = eachFeedFake(servers);

const story = (publicId: string): Story => ({
  publicId,
  title: `Story ${publicId}`,
  status: "active",
  sourceCount: 1,
  reportCount: 0,
  firstReportAt: "2026-11-19T00:00:00.000Z",
  latestAt: "2026-11-19T00:00:00.000Z",
  latest: "Latest",
  digest: null,
  digestUpdatedAt: null,
  links: { aihot: `https://feed.example/story/${publicId}` },
  reports: [],
  storyline: [],
  related: [],
});

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const C = "33333333-3333-4333-8333-333333333333";

describe("GET /api/v1/stories/{publicId}", () => {
  it("serves the seeded stories linked from hot topics, and 308s the merged one", async () => {
    const hot = (await feedGet(fx.fake.url, "/api/v1/hot-topics", "hotTopics")).json as {
      items: HotTopic[];
    };
    const ids = hot.items.slice(0, 4).map((t) => t.links.story?.split("/").pop() ?? "");
    for (const id of ids.slice(0, 3)) {
      const answer = await feedGet(fx.fake.url, `/api/v1/stories/${id}`, "storyByPublicId");
      expect(answer.status).toBe(200);
      expect((answer.json as { story: Story }).story.publicId).toBe(id);
    }
    const merged = await feedGet(fx.fake.url, `/api/v1/stories/${ids[3]}`, "storyByPublicId");
    expect(merged.status).toBe(308);
    expect(merged.headers.get("location")).toBe(`/api/v1/stories/${ids[0]}`);
    expect(hot.items[4]?.links.story).toBeUndefined();
  });

  it("follows merge chains server-side so Location names the survivor, with the story's Cache-Control and no body", async () => {
    fx.fake.stories.set(story(C));
    fx.fake.stories.merge(A, B);
    fx.fake.stories.merge(B, C);
    const answer = await feedGet(fx.fake.url, `/api/v1/stories/${A}`, "storyByPublicId");
    expect(answer.status).toBe(308);
    expect(answer.headers.get("location")).toBe(`/api/v1/stories/${C}`);
    expect(answer.headers.get("cache-control")).toBe(
      "public, max-age=60, s-maxage=60, stale-while-revalidate=60",
    );
    expect(answer.headers.get("etag")).toBeNull();
    expect(answer.text).toBe("");
  });

  it("answers 404 for a broken or looping merge chain", async () => {
    fx.fake.stories.merge(A, B);
    expect((await feedGet(fx.fake.url, `/api/v1/stories/${A}`, "storyByPublicId")).status).toBe(
      404,
    );
    fx.fake.stories.merge(B, A);
    expect((await feedGet(fx.fake.url, `/api/v1/stories/${A}`, "storyByPublicId")).status).toBe(
      404,
    );
  });

  it("answers raw redirects as given: loops and cross-origin locations for client tests", async () => {
    fx.fake.stories.redirect(A, `/api/v1/stories/${B}`);
    fx.fake.stories.redirect(B, `/api/v1/stories/${A}`);
    fx.fake.stories.redirect(C, "https://evil.example/api/v1/stories/x");
    expect(
      (await feedGet(fx.fake.url, `/api/v1/stories/${A}`, "storyByPublicId")).headers.get(
        "location",
      ),
    ).toBe(`/api/v1/stories/${B}`);
    expect(
      (await feedGet(fx.fake.url, `/api/v1/stories/${B}`, "storyByPublicId")).headers.get(
        "location",
      ),
    ).toBe(`/api/v1/stories/${A}`);
    const foreign = await feedGet(fx.fake.url, `/api/v1/stories/${C}`, "storyByPublicId");
    expect(foreign.status).toBe(308);
    expect(foreign.headers.get("location")).toBe("https://evil.example/api/v1/stories/x");
    fx.fake.stories.set(story(C));
    expect((await feedGet(fx.fake.url, `/api/v1/stories/${C}`, "storyByPublicId")).status).toBe(
      200,
    );
  });

  it("answers 404 (public, max-age=60) for unknown ids, 400 for ids over 128 characters or any query", async () => {
    const unknown = await feedGet(fx.fake.url, `/api/v1/stories/${A}`, "storyByPublicId");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).toBe("public, max-age=60");
    expect(asRecord(unknown.json)).toMatchObject({
      code: "not_found",
      detail: `No public story exists for ${A}.`,
    });
    const long = await feedGet(
      fx.fake.url,
      `/api/v1/stories/${"a".repeat(129)}`,
      "storyByPublicId",
    );
    expect(long.status).toBe(400);
    expect(asRecord(long.json)["detail"]).toBe("publicId must be a short opaque id.");
    expect((await feedGet(fx.fake.url, `/api/v1/stories/${A}?x=1`, "storyByPublicId")).status).toBe(
      400,
    );
  });

  it("never lets an encoded id reach another route", async () => {
    const answer = await feedGet(
      fx.fake.url,
      `/api/v1/stories/${encodeURIComponent("../items?x=1")}`,
      "storyByPublicId",
    );
    expect(answer.status).toBe(404);
    expect(fx.fake.requests.at(-1)?.route).toBe("storyByPublicId");
  });
});
