import { createFeedClient, errorOfResult } from "@feedgate/feed-client";
import { createGatewayClient, isFeedgateError } from "@feedgate/gateway-client";
import { describe, expect, it } from "vitest";
import type { FeedFake, GatewayFake } from "../../src/index.js";
import { ROUTE_ALL } from "../support/gateway.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let feed: FeedFake | undefined;
let gateway: GatewayFake | undefined;

describe("recorded requests carry the request id the fake answered with", () => {
  it("feed: a client error's requestId is found in the fake's request log", async () => {
    feed = await servers.feed();
    const client = createFeedClient({ baseUrl: feed.url });
    const ok = await client.GET("/api/v1/hot-topics");
    const bad = await client.GET("/api/v1/items", { params: { query: { limit: 0 } } });
    const problem = errorOfResult(bad);
    if (!problem) throw new Error("expected a Problem");
    expect(problem.status).toBe(400);
    expect(problem.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = feed.requests.find((r) => r.requestId === problem.requestId);
    expect(logged).toMatchObject({ path: "/api/v1/items", status: 400, route: "items" });
    expect(logged?.query.get("limit")).toBe("0");
    // Successes too: the X-Request-Id of every answer is on its record, and ids differ.
    expect(feed.requests[0]?.requestId).toBe(ok.response.headers.get("x-request-id"));
    expect(new Set(feed.requests.map((r) => r.requestId)).size).toBe(feed.requests.length);
  });

  it("feed: fault answers carry it too; a reset connection has none", async () => {
    feed = await servers.feed();
    feed.faults.add({ route: "items", fault: { type: "reset" }, times: 1 });
    feed.faults.add({ route: "items", fault: { type: "status", status: 503 }, times: 1 });
    await fetch(`${feed.url}/api/v1/items`).catch(() => undefined);
    const unavailable = await fetch(`${feed.url}/api/v1/items`);
    const body = (await unavailable.json()) as { requestId: string };
    expect(feed.requests.map((r) => [r.fault, r.status, r.requestId])).toEqual([
      ["reset", 0, undefined],
      ["status", 503, body.requestId],
    ]);
    expect(unavailable.headers.get("x-request-id")).toBe(body.requestId);
  });

  it("feed: the same seed and requests give the same ids", async () => {
    const ids: Array<Array<string | undefined>> = [];
    for (let run = 0; run < 2; run++) {
      const fake = await servers.feed({ seed: 42 });
      await fetch(`${fake.url}/api/v1/hot-topics`);
      await fetch(`${fake.url}/api/v1/nope`);
      ids.push(fake.requests.map((r) => r.requestId));
      await fake.close();
    }
    expect(ids[0]).toEqual(ids[1]);
    expect(ids[0]?.every((id) => typeof id === "string")).toBe(true);
  });

  it("gateway: a FeedgateError's requestId is found in the fake's request log", async () => {
    gateway = await servers.gateway(ROUTE_ALL);
    const client = createGatewayClient({ baseUrl: gateway.url, apiKey: "sk-wrong-key-123" });
    const error = await client.responses
      .create({ model: "m", input: "hi" })
      .catch((e: unknown) => e);
    expect(isFeedgateError(error)).toBe(true);
    const requestId = (error as { requestId?: string }).requestId;
    expect(requestId).toBeTruthy();
    const logged = gateway.requests.find((r) => r.requestId === requestId);
    expect(logged).toMatchObject({
      method: "POST",
      path: "/v1/responses",
      status: 401,
      route: "createResponse",
    });
  });
});
