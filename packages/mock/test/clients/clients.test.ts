import { createFeedClient } from "@feedgate/feed-client";
import { createGatewayClient, isFeedgateError } from "@feedgate/gateway-client";
import { collectResponse } from "@feedgate/gateway-client/collect";
import { beforeAll, describe, expect, it } from "vitest";
import type { FeedFake, GatewayFake } from "../../src/index.js";
import { ROUTE_ALL } from "../support/gateway.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let feed: FeedFake;
let gateway: GatewayFake;
beforeAll(async () => {
  [feed, gateway] = await Promise.all([servers.feed(), servers.gateway(ROUTE_ALL)]);
});

describe("the project's own clients against the fakes", () => {
  it("feed client: items, a 304 and a Problem", async () => {
    const client = createFeedClient({ baseUrl: feed.url });
    const first = await client.GET("/api/v1/items", {
      params: { query: { mode: "all", limit: 5 } },
    });
    expect(first.data?.items).toHaveLength(5);
    const etag = first.response.headers.get("etag") ?? "";
    const again = await client.GET("/api/v1/items", {
      params: { query: { mode: "all", limit: 5 }, header: { "If-None-Match": etag } },
    });
    expect(again.response.status).toBe(304);
    const bad = await client.GET("/api/v1/items", { params: { query: { limit: 0 } } });
    expect(bad.response.status).toBe(400);
  });

  it("gateway client: every family authenticates with the header it sends", async () => {
    const client = createGatewayClient({ baseUrl: gateway.url, apiKey: gateway.apiKey });
    const response = await client.responses.create({ model: "m", input: "hi" });
    expect(response.status).toBe("completed");
    const stream = await client.responses.stream({ model: "m", input: "streamed words" });
    const collected = await collectResponse(stream);
    expect(JSON.stringify(collected)).toContain("Echo: streamed words");
    expect(
      await client.messages.countTokens({
        model: "c",
        messages: [{ role: "user", content: "12345678" }],
      }),
    ).toEqual({ input_tokens: 2 });
    const gen = await client.gemini.generateContent("g", {
      contents: [{ role: "user", parts: [{ text: "x" }] }],
    });
    expect(gen.candidates?.[0]?.finishReason).toBe("STOP");
    const submission = await client.images.submit({ model: "m", prompt: "p" });
    if (submission.kind !== "task")
      throw new Error("the fork's fake answers async=true with a task");
    expect((await client.images.getTask(submission.task.task_id)).status).toBe("queued");
    const families = new Set(
      gateway.requests.map((r) =>
        Object.keys(r.headers).find((h) =>
          ["authorization", "x-api-key", "x-goog-api-key"].includes(h),
        ),
      ),
    );
    expect(families).toEqual(new Set(["authorization", "x-api-key", "x-goog-api-key"]));
  });

  it("gateway client: a wrong key is a 401 error that never shows the key", async () => {
    const client = createGatewayClient({ baseUrl: gateway.url, apiKey: "sk-wrong-key-123" });
    const error = await client.responses
      .create({ model: "m", input: "hi" })
      .catch((e: unknown) => e);
    expect(isFeedgateError(error)).toBe(true);
    expect((error as { status?: number }).status).toBe(401);
    expect(JSON.stringify(error)).not.toContain("sk-wrong-key-123");
  });
});
