import { createGatewayClient } from "@feedgate/gateway-client";
import { sendEndless, sendJson, sendLargeJson } from "@feedgate/test-harness";
import { hostileTest as it } from "@feedgate/test-harness/fixtures";
import { describe, expect } from "vitest";
import { createResilientFetch, isFeedgateError } from "../../src/index.js";

const instant = { sleep: async () => {}, random: () => 0 };

describe("every body read by the transport has a cap", () => {
  it("an endless body fails with response_too_large in bounded memory, long before any timeout", async ({
    hostile,
  }) => {
    const server = await hostile((_req, res) => sendEndless(res, `{"items":[${"0,".repeat(8191)}`));
    const rf = createResilientFetch({
      ...instant,
      maxResponseBytes: 1024 * 1024,
      timeoutMs: 30_000,
    });
    const started = performance.now();
    const error = await rf(`${server.origin}/api/v1/items`).catch((e: unknown) => e);
    expect(isFeedgateError(error, "response_too_large")).toBe(true);
    expect((error as Error).message).toContain("1048576 bytes");
    // Not retried: a body over the cap will be over it again.
    expect(server.requests).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("the default cap is 32 MiB", async ({ hostile }) => {
    const server = await hostile((_req, res) => sendEndless(res, "x".repeat(64 * 1024)));
    const error = await createResilientFetch(instant)(`${server.origin}/x`).catch(
      (e: unknown) => e,
    );
    expect(isFeedgateError(error, "response_too_large")).toBe(true);
    expect((error as Error).message).toContain(`${32 * 1024 * 1024} bytes`);
  });

  it("a Content-Length over the cap is refused before the body is read", async ({ hostile }) => {
    const server = await hostile((_req, res) => sendLargeJson(res, 4096));
    const rf = createResilientFetch({ ...instant, maxResponseBytes: 1000 });
    const error = await rf(`${server.origin}/x`).catch((e: unknown) => e);
    expect(isFeedgateError(error, "response_too_large")).toBe(true);
  });

  it("a body under the cap passes whole, and the cap can be raised per call", async ({
    hostile,
  }) => {
    const server = await hostile((_req, res) => sendLargeJson(res, 4096));
    const rf = createResilientFetch({ ...instant, maxResponseBytes: 1000 });
    const response = await rf.withOptions({ maxResponseBytes: 8192 })(`${server.origin}/x`);
    expect(((await response.json()) as { pad: string }).pad).toHaveLength(4086);
  });

  it("rejects a cap that is not a positive whole number", () => {
    expect(() => createResilientFetch({ maxResponseBytes: 1.5 })).toThrow(/maxResponseBytes/);
    expect(() => createResilientFetch({ maxResponseBytes: -1 })).toThrow(/maxResponseBytes/);
  });
});

describe("a validation failure is final, whatever its status", () => {
  it("HTTP 500 with code invalid_request (the gateway's validation answer) is never retried", async ({
    hostile,
  }) => {
    const body = {
      error: {
        message: "field model is required",
        type: "new_api_error",
        param: "",
        code: "invalid_request",
      },
    };
    const server = await hostile((_req, res) => sendJson(res, 500, body));
    const rf = createResilientFetch({ ...instant, maxRetries: 3 });
    // The gateway's codes are its client's (issue 22): the transport learns them through it.
    const gateway = createGatewayClient({
      baseUrl: server.origin,
      apiKey: "sk-kit-final",
      fetch: rf,
    });
    await expect(gateway.responses.retrieve("resp_1")).rejects.toMatchObject({ status: 500 });
    expect(server.requests).toHaveLength(1);
  });

  it("a plain 500 on an idempotent request is still retried", async ({ hostile }) => {
    const server = await hostile((_req, res, i) =>
      i === 0
        ? sendJson(res, 500, { error: { message: "boom", code: "" } })
        : sendJson(res, 200, {}),
    );
    const response = await createResilientFetch({ ...instant, maxRetries: 3 })(
      `${server.origin}/v1/responses/resp_1`,
    );
    expect(response.status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });
});

describe("garbage Retry-After values are ignored (normal backoff), never read as a past date", () => {
  for (const value of ["-5", "-0", "3, 5", "", "soon", "1e3"]) {
    it(`Retry-After: ${JSON.stringify(value)}`, async ({ hostile }) => {
      const server = await hostile((_req, res, i) =>
        i === 0 ? sendJson(res, 503, {}, { "retry-after": value }) : sendJson(res, 200, {}),
      );
      const waits: number[] = [];
      const rf = createResilientFetch({
        sleep: async (ms) => void waits.push(ms),
        random: () => 0,
        initialDelayMs: 700,
      });
      await rf(`${server.origin}/x`);
      // The computed backoff (700 ms, no jitter), not a zero wait from a "date" in year -5.
      expect(waits).toEqual([700]);
    });
  }
});
