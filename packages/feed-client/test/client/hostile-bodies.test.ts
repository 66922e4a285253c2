import { sendEndless, sendLargeJson } from "@feedgate/test-harness";
import { hostileTest as it } from "@feedgate/test-harness/fixtures";
import { describe, expect } from "vitest";
import { ConfigError, createFeedClient, InvalidResponseError } from "../../src/index.js";

describe("the feed client caps every body it reads", () => {
  it("an endless chunked body rejects with response_too_large in bounded memory", async ({
    hostile,
  }) => {
    const server = await hostile((_req, res) =>
      sendEndless(res, `{"items":[${"1,".repeat(16_000)}`),
    );
    const client = createFeedClient({ baseUrl: server.origin, maxResponseBytes: 256 * 1024 });
    const before = process.memoryUsage().heapUsed;
    const error = await client.GET("/api/v1/hot-topics").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ kind: "response_too_large", attempts: 1 });
    expect((error as Error).message).toContain(`${256 * 1024} bytes`);
    // Nothing near the endless body was kept: the server sent more than the client holds.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("a Content-Length over the cap is refused before reading", async ({ hostile }) => {
    const server = await hostile((_req, res) => sendLargeJson(res, 10_000));
    const client = createFeedClient({ baseUrl: server.origin, maxResponseBytes: 5_000 });
    const error = await client.GET("/api/v1/hot-topics").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toContain("5000 bytes");
  });

  it("a body within the cap is parsed as usual", async ({ hostile }) => {
    const server = await hostile((_req, res) => sendLargeJson(res, 10_000));
    const client = createFeedClient({ baseUrl: server.origin, maxResponseBytes: 20_000 });
    const { data } = await client.GET("/api/v1/hot-topics");
    expect((data as unknown as { pad: string }).pad).toHaveLength(9990);
  });

  it("the cap must be a positive whole number", () => {
    for (const bad of [0, -1, 2.5, Number.NaN, Infinity]) {
      let caught: unknown;
      try {
        createFeedClient({ baseUrl: "http://127.0.0.1:9", maxResponseBytes: bad });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect(caught).toMatchObject({ kind: "config", option: "maxResponseBytes" });
    }
  });
});
