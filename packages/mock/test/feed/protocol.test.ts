import { beforeAll, describe, expect, it } from "vitest";
import { createFakeClock, type FeedFake } from "../../src/index.js";
import { asRecord, feedGet, send } from "../support/http.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: FeedFake;
beforeAll(async () => {
  fake = await servers.feed();
});

describe("feed protocol details", () => {
  it("sends X-Request-Id on every answer, equal to requestId in Problems, and CORS on v1 answers", async () => {
    const ok = await feedGet(fake.url, "/api/v1/items", "items");
    const bad = await feedGet(fake.url, "/api/v1/items?x=1", "items");
    expect(ok.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers.get("x-request-id")).toBe(asRecord(bad.json)["requestId"]);
    expect(ok.headers.get("x-request-id")).not.toBe(bad.headers.get("x-request-id"));
    expect(ok.headers.get("access-control-allow-origin")).toBe("*");
    expect(bad.headers.get("access-control-expose-headers")).toContain("X-Request-Id");
  });

  it("answers 405 with Allow for writes, 204 for OPTIONS, and HEAD without a body", async () => {
    const post = await send(`${fake.url}/api/v1/items`, { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(asRecord(post.json)).toMatchObject({
      code: "method_not_allowed",
      detail: "This endpoint supports only GET, HEAD, and OPTIONS.",
    });
    const options = await send(`${fake.url}/api/v1/items`, { method: "OPTIONS" });
    expect([options.status, options.headers.get("cache-control")]).toEqual([
      204,
      "public, max-age=86400",
    ]);
    const head = await send(`${fake.url}/api/v1/items`, { method: "HEAD" });
    expect([head.status, head.text]).toEqual([200, ""]);
    expect(head.headers.get("etag")).toMatch(/^W\//);
  });

  it("answers the v1 404 fallback and the generic one", async () => {
    for (const path of ["/api/v1", "/api/v1/items/", "/api/v1/weeklies"]) {
      const answer = await send(fake.url + path);
      expect(answer.status, path).toBe(404);
      expect(asRecord(answer.json)["detail"]).toBe(`No public API v1 operation exists at ${path}.`);
    }
    const other = await send(`${fake.url}/nothing`);
    expect(asRecord(other.json)["detail"]).toBe("No such endpoint.");
  });

  it("records every request with fake and real times", async () => {
    const before = fake.requests.length;
    fake.clock.advance(5000);
    await send(`${fake.url}/api/v1/hot-topics?x=1`, { headers: { "user-agent": "probe/1" } });
    const record = fake.requests[before];
    expect(record).toMatchObject({
      method: "GET",
      path: "/api/v1/hot-topics",
      status: 400,
      route: "hotTopics",
      at: fake.clock.now(),
      body: "",
    });
    expect(record?.query.get("x")).toBe("1");
    expect(record?.headers["user-agent"]).toBe("probe/1");
    expect(record?.realAt).toBeGreaterThan(0);
  });

  it("is deterministic: two fakes with the same seed and clock serve the same bodies and ETags", async () => {
    const a = await servers.feed({ seed: 3, clock: createFakeClock() });
    const b = await servers.feed({ seed: 3, clock: createFakeClock() });
    const c = await servers.feed({ seed: 4, clock: createFakeClock() });
    for (const path of [
      "/api/v1/items?mode=all",
      "/api/v1/hot-topics",
      "/api/v1/selected/snapshot",
    ]) {
      const [x, y, z] = await Promise.all([
        send(a.url + path),
        send(b.url + path),
        send(c.url + path),
      ]);
      expect(x.text).toBe(y.text);
      expect(x.headers.get("etag")).toBe(y.headers.get("etag"));
      expect(x.headers.get("etag")).not.toBe(z.headers.get("etag"));
    }
  });

  it("starts empty with data: 'empty'", async () => {
    const empty = await servers.feed({ data: "empty" });
    const items = await feedGet(empty.url, "/api/v1/items", "items");
    expect((items.json as { items: unknown[] }).items).toEqual([]);
    expect((await feedGet(empty.url, "/api/v1/dailies/latest", "latestDaily")).status).toBe(404);
    expect(empty.selected.truth()).toEqual([]);
  });
});
