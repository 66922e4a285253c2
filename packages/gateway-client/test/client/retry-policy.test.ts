// Issue 22 (1): the gateway's retry knowledge lives in this client (codes.ts, operations.ts,
// retry.ts) and reaches core's transport as its policy hook; core knows no gateway route or code.

import { createResilientFetch } from "@feedgate/core";
import {
  connectionError,
  json,
  problem,
  recordingSleep,
  scriptedFetch,
} from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { createGatewayClient, isFeedgateError, isTransientError } from "../../src/index.js";
import { rawClient } from "../../src/raw.js";

const KEY = "sk-retry-policy-5c1e2a";
const ok = (body: object = { id: "resp_1", input_tokens: 3, status: "completed" }) =>
  json(200, body);

/** A client on a ready core transport (fast fake waits), so the hook must reach it through withOptions. */
function gateway(script: Parameters<typeof scriptedFetch>[0]) {
  const stub = scriptedFetch(script);
  const { sleep, waits } = recordingSleep();
  const transport = createResilientFetch({ fetch: stub.fetch, sleep, random: () => 0 });
  const client = createGatewayClient({
    baseUrl: "https://gateway.example",
    apiKey: KEY,
    fetch: transport as unknown as (request: Request) => Promise<Response>,
  });
  return { client, seen: stub.seen, waits };
}

const envelope = (code: string, message = "m") => ({
  error: { message, type: "new_api_error", code },
});
const create = { model: "gpt-5", input: "hi" };

describe("answers the gateway marks final", () => {
  it.each([
    [503, "model_not_found", "no channel"],
    [429, "insufficient_quota", "quota"],
    [500, "invalid_request", "bad"],
    [500, "convert_request_failed", "not implemented"],
    [500, "sensitive_words_detected", "x"],
    [500, "count_token_failed", "x"],
    [500, "channel:model_mapped_error", "x"],
    [500, "get_channel_failed", "x"],
    [500, "invalid_api_type", "x"],
    [500, "bad_response_status_code", "task_id is empty"],
  ])(
    "%i %s is never retried, even on a read, and its error is never transient",
    async (status, code, message) => {
      const { client, seen } = gateway([json(status, envelope(code, message)), ok()]);
      const error = await client.responses.retrieve("resp_1").catch((e: unknown) => e);
      expect(seen).toHaveLength(1);
      expect(error).toMatchObject({ status, final: true });
      expect(isTransientError(error)).toBe(false);
    },
  );

  it("a plain 503 is retried on a read, and stays transient when it persists", async () => {
    const { client, seen } = gateway([json(503, envelope("upstream_error"))]);
    const error = await client.responses.retrieve("resp_1").catch((e: unknown) => e);
    expect(seen).toHaveLength(3);
    expect(isFeedgateError(error, "unavailable")).toBe(true);
    expect(isTransientError(error)).toBe(true);
  });
});

describe("which calls are safe to repeat", () => {
  it("the free POST routes are repeated like reads (a 500, a reset)", async () => {
    for (const call of [
      (c: ReturnType<typeof gateway>["client"]) =>
        c.messages.countTokens({ model: "m", messages: [{ role: "user", content: "hi" }] }),
      (c: ReturnType<typeof gateway>["client"]) => c.responses.countInputTokens(create),
      (c: ReturnType<typeof gateway>["client"]) => c.responses.cancel("resp_1"),
    ]) {
      const { client, seen } = gateway([
        problem(500, "x"),
        connectionError("UND_ERR_SOCKET"),
        ok(),
      ]);
      await call(client);
      expect(seen).toHaveLength(3);
    }
  });

  it("a billed create is never repeated after a 429 without a wait (the limiter's window is a minute), a 500 or a reset", async () => {
    const limited = gateway([problem(429, "x"), ok()]);
    await limited.client.responses.create(create).catch(() => undefined);
    expect(limited.seen).toHaveLength(1);
    for (const answer of [problem(500, "x"), connectionError("UND_ERR_SOCKET")]) {
      const billed = gateway([answer, ok()]);
      await billed.client.responses.create(create).catch(() => undefined);
      expect(billed.seen).toHaveLength(1);
    }
  });

  it("a synchronous image generation is never repeated, even on 429; nor is a submission", async () => {
    const sync = gateway([problem(429, "x", { "retry-after": "1" }), ok({ data: [] })]);
    await sync.client.images.generate({ model: "m", prompt: "p" }).catch(() => undefined);
    expect(sync.seen).toHaveLength(1);
    const task = { task_id: "t1", status: "queued" };
    const submitted = gateway([problem(429, "x"), ok(task)]);
    await submitted.client.images.submit({ model: "m", prompt: "p" }).catch(() => undefined);
    expect(submitted.seen).toHaveLength(1);
    const billed = gateway([problem(500, "x"), ok(task)]);
    await billed.client.images.submit({ model: "m", prompt: "p" }).catch(() => undefined);
    expect(billed.seen).toHaveLength(1);
  });

  it("the raw client goes through the same policy as the helpers", async () => {
    const { client, seen } = gateway([problem(500, "x"), ok()]);
    const { response } = await rawClient(client).POST("/v1/messages/count_tokens", {
      params: { header: { "anthropic-version": "2023-06-01" } },
      body: { model: "m", messages: [{ role: "user", content: "hi" }] },
    });
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers.get("x-api-key")).toBe(KEY);
  });
});

describe("server-directed waits only the gateway knows of", () => {
  it("Gemini's RetryInfo.retryDelay in a google envelope is waited exactly", async () => {
    const body = {
      error: {
        code: 429,
        message: "Resource has been exhausted",
        status: "RESOURCE_EXHAUSTED",
        details: [
          { "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [] },
          { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "12s" },
        ],
      },
    };
    const { client, waits } = gateway([json(429, body), ok({ candidates: [] })]);
    await client.gemini.generateContent("gemini-2.5-flash", { contents: [] });
    expect(waits).toEqual([12_000]);
  });
});
