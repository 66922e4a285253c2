import { type FeedFake, startFeedFake } from "@feedgate/mock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeKit } from "../support/fake-kit.js";

let fake: FeedFake;
beforeEach(async () => {
  fake = await startFeedFake();
});
afterEach(() => fake.close());

const MALICIOUS = [
  "../hot-topics",
  "../../../etc/passwd",
  "x?limit=1",
  "x#fragment",
  "a/b",
  "%2e%2e%2fhot-topics",
  "x\r\nX-Injected: 1",
  "x y",
  "?",
  "#",
  "/",
];

describe("malicious story ids cannot change the request path", () => {
  it("each id is sent as exactly one encoded segment of /api/v1/stories/, with no query", async () => {
    const { kit } = fakeKit(fake, { retry: { maxRetries: 0 } });
    for (const id of MALICIOUS) {
      const error = await kit.getStory(id).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: "not_found" });
    }
    expect(fake.requests).toHaveLength(MALICIOUS.length);
    fake.requests.forEach((r, i) => {
      expect(r.route).toBe("storyByPublicId");
      expect(r.path).toBe(`/api/v1/stories/${encodeURIComponent(MALICIOUS[i]!)}`);
      expect([...r.query.keys()]).toEqual([]);
      expect(r.headers["x-injected"]).toBeUndefined();
    });
  });

  it("dot segments are refused before sending", async () => {
    const { kit } = fakeKit(fake);
    for (const id of [".", "..", "%2E%2e"])
      await expect(kit.getStory(id)).rejects.toMatchObject({
        kind: "invalid_request",
        param: "publicId",
      });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("the feed never gets credentials", () => {
  it("sends no credential header on any call", async () => {
    const { kit } = fakeKit(fake);
    await kit.hotTopics();
    await kit.items({ limit: 2 });
    for (const r of fake.requests) {
      for (const name of [
        "authorization",
        "cookie",
        "x-api-key",
        "x-goog-api-key",
        "proxy-authorization",
      ])
        expect(r.headers[name]).toBeUndefined();
    }
  });
});
