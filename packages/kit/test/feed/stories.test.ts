import { json, problem } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { storyIdOf } from "../../src/feed/index.js";
import { isFeedgateError } from "../../src/index.js";
import { BASE, story, stubKit } from "../support/feed-kit.js";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const C = "33333333-3333-4333-8333-333333333333";

const redirect = (location: string) =>
  new Response(null, { status: 308, headers: { location, "cache-control": "public, max-age=60" } });

/** A stub stories route: `merges` maps an id to a Location. */
function stories(merges: Record<string, string>) {
  return (request: Request) => {
    expect(request.redirect).toBe("manual");
    const id = decodeURIComponent(new URL(request.url).pathname.split("/").pop()!);
    const location = merges[id];
    return location === undefined
      ? json(200, story(id), { etag: `W/"v1-story-${id.slice(0, 4)}"` })
      : redirect(location);
  };
}

describe("getStory follows merges", () => {
  it("returns an unmerged story with an empty chain", async () => {
    const { kit } = stubKit([stories({})]);
    const result = await kit.getStory(A);
    expect(result).toMatchObject({ requestedId: A, survivingId: A, mergedChain: [] });
    expect(result.story.publicId).toBe(A);
  });

  it("follows relative and absolute Locations, reporting the chain", async () => {
    const { kit, seen } = stubKit([
      stories({ [A]: `/api/v1/stories/${B}`, [B]: `${BASE}/api/v1/stories/${C}` }),
    ]);
    const result = await kit.getStory(A);
    expect(result).toMatchObject({ requestedId: A, survivingId: C, mergedChain: [A, B] });
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(
      [A, B, C].map((id) => `/api/v1/stories/${id}`),
    );
  });

  it("accepts a hot topic's links.story URL and a hot topic itself", async () => {
    const { kit, seen } = stubKit([stories({})]);
    expect((await kit.getStory(`${BASE}/story/${A}`)).requestedId).toBe(A);
    expect((await kit.getStory({ links: { story: `${BASE}/story/${B}/` } })).requestedId).toBe(B);
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual([
      `/api/v1/stories/${A}`,
      `/api/v1/stories/${B}`,
    ]);
  });

  it("never makes up an id for a hot topic without links.story", async () => {
    const { kit, seen } = stubKit([stories({})]);
    const topic = {
      id: "item-123",
      links: { aihot: `${BASE}/items/item-123`, original: "https://x.example" },
    };
    const error = await kit.getStory(topic).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid_request", param: "links.story" });
    expect(seen).toHaveLength(0);
    expect(() => storyIdOf({ links: {} })).toThrowError(/no story link/);
  });

  it("refuses a redirect to another origin", async () => {
    const { kit, seen } = stubKit([stories({ [A]: `https://evil.example/api/v1/stories/${B}` })]);
    const error = await kit.getStory(A).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "redirect", code: "cross_origin_redirect" });
    expect(seen).toHaveLength(1);
  });

  it("refuses a redirect outside the stories route", async () => {
    const { kit } = stubKit([stories({ [A]: "/admin" })]);
    expect(await kit.getStory(A).catch((e: unknown) => e)).toMatchObject({
      kind: "redirect",
      code: "unexpected_redirect_target",
    });
  });

  it("detects a loop", async () => {
    const { kit, seen } = stubKit([
      stories({ [A]: `/api/v1/stories/${B}`, [B]: `/api/v1/stories/${A}` }),
    ]);
    expect(await kit.getStory(A).catch((e: unknown) => e)).toMatchObject({
      kind: "redirect",
      code: "redirect_loop",
    });
    expect(seen).toHaveLength(2);
  });

  it("follows at most maxHops redirects (default 5)", async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `${i}0000000-0000-4000-8000-000000000000`);
    const merges = Object.fromEntries(
      ids.slice(0, -1).map((id, i) => [id, `/api/v1/stories/${ids[i + 1]}`]),
    );
    const long = stubKit([stories(merges)]);
    expect(await long.kit.getStory(ids[0]!).catch((e: unknown) => e)).toMatchObject({
      kind: "redirect",
      code: "too_many_redirects",
    });
    expect(long.seen).toHaveLength(6);
    const allowed = stubKit([stories(merges)]);
    expect((await allowed.kit.getStory(ids[0]!, { maxHops: 7 })).survivingId).toBe(ids[7]);
    const five = stubKit([stories(Object.fromEntries(Object.entries(merges).slice(2)))]);
    expect((await five.kit.getStory(ids[2]!)).mergedChain).toHaveLength(5);
  });

  it("falls back to fetch's own redirects where the platform hides them (opaque redirects)", async () => {
    const opaque = () => {
      const r = new Response(null, { status: 302 });
      Object.defineProperty(r, "type", { value: "opaqueredirect" });
      return r;
    };
    const followed = () => {
      const r = json(200, story(C));
      Object.defineProperty(r, "url", { value: `${BASE}/api/v1/stories/${C}` });
      return r;
    };
    const { kit, seen } = stubKit([opaque, followed]);
    const result = await kit.getStory(A);
    expect(result).toMatchObject({ requestedId: A, survivingId: C, mergedChain: [A] });
    expect(seen.map((s) => s.url)).toEqual([
      `${BASE}/api/v1/stories/${A}`,
      `${BASE}/api/v1/stories/${A}`,
    ]);
  });

  it("a malicious id cannot change the request path", async () => {
    const { kit, seen } = stubKit([json(404, { code: "not_found", status: 404 })], {
      retry: { maxRetries: 0 },
    });
    for (const id of [
      "../../hot-topics",
      "x?limit=1",
      "x#frag",
      "a/b",
      "..%2Fhot-topics",
      "%2e%2e/x",
      "x\u0000y",
    ]) {
      await kit.getStory(id).catch(() => undefined);
    }
    expect(seen).toHaveLength(7);
    for (const s of seen) {
      const url = new URL(s.url);
      expect(url.pathname.startsWith("/api/v1/stories/")).toBe(true);
      expect(url.pathname.split("/")).toHaveLength(5);
      expect(url.search).toBe("");
      expect(url.hash).toBe("");
    }
    const dots = await kit.getStory("..").catch((e: unknown) => e);
    expect(isFeedgateError(dots, "invalid_request")).toBe(true);
    expect(seen).toHaveLength(7);
  });
});

describe("watchStory and the story layer's 404", () => {
  it("waits out a 404 (the story layer may be down) and yields the story when it is back", async () => {
    const { kit, waits } = stubKit([
      problem(404, "not_found"),
      problem(404, "not_found"),
      json(200, story(A), { etag: '"s1"', "cache-control": "public, s-maxage=1" }),
    ]);
    for await (const version of kit.watchStory(A, { jitter: 0, errorDelayMs: 1000 })) {
      expect(version).toMatchObject({ requestedId: A, poll: 3 });
      break;
    }
    expect(waits).toEqual([1000, 2000]);
  });

  it("gives up after maxConsecutiveErrors 404s in a row", async () => {
    const { kit } = stubKit([problem(404, "not_found")]);
    const watch = kit.watchStory(A, { jitter: 0, maxConsecutiveErrors: 3 });
    await expect(watch.next()).rejects.toMatchObject({ kind: "not_found", status: 404 });
  });
});
