import { beforeEach, describe, expect, it } from "vitest";
import type { GatewayFake } from "../../src/index.js";
import { call, expectStreamConforms, ROUTE_ALL, sseEvents } from "../support/gateway.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let fake: GatewayFake;
beforeEach(async () => {
  fake = await servers.gateway(ROUTE_ALL);
});

type Json = Record<string, unknown>;
const CHUNK = "#/components/schemas/GenerateContentResponse";
const body = { contents: [{ role: "user", parts: [{ text: "alpha beta" }] }] };

describe("Anthropic count_tokens and Gemini", () => {
  it("counts message tokens, refusing bodies without messages", async () => {
    const answer = await call(fake, "POST /v1/messages/count_tokens", "countMessageTokens", {
      model: "claude-x",
      messages: [{ role: "user", content: "12345678" }],
    });
    expect(answer.json).toEqual({ input_tokens: 2 });
    const bad = await call(fake, "POST /v1/messages/count_tokens", "countMessageTokens", {
      model: "claude-x",
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
  });

  it("generates content; a body without contents, or bad JSON, is the gateway's own 500 invalid_request (valid_request.go:308-323)", async () => {
    const answer = await call(
      fake,
      "POST /v1beta/models/gemini-x:generateContent",
      "generateContent",
      body,
    );
    expect(answer.json).toMatchObject({
      candidates: [
        { content: { role: "model", parts: [{ text: "Echo: alpha beta" }] }, finishReason: "STOP" },
      ],
      modelVersion: "gemini-x",
    });
    const bad = await call(
      fake,
      "POST /v1beta/models/gemini-x:generateContent",
      "generateContent",
      {},
    );
    expect(bad.status).toBe(500);
    expect(bad.json).toMatchObject({
      error: { type: "new_api_error", param: "", code: "invalid_request" },
    });
    expect(String((bad.json as { error: { message: string } }).error.message)).toMatch(
      /^contents is required \(request id: /,
    );
    const notJson = await call(
      fake,
      "POST /v1beta/models/gemini-x:generateContent",
      "generateContent",
      "{nope",
    );
    expect(notJson.status).toBe(500);
    expect(notJson.json).toMatchObject({ error: { code: "invalid_request" } });
  });

  it("streams data-only SSE chunks, finishReason and usage on the last (also without alt=sse, like the gateway)", async () => {
    for (const query of ["?alt=sse", ""]) {
      const answer = await call(
        fake,
        `POST /v1beta/models/gemini-x:streamGenerateContent${query}`,
        "streamGenerateContent",
        body,
      );
      expect(answer.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const frames = sseEvents(answer.text);
      expectStreamConforms(CHUNK, frames);
      expect(frames.every((f) => f.event === undefined)).toBe(true);
      const text = frames
        .map(
          (f) =>
            (
              ((f.data as Json)["candidates"] as Json[])[0]!["content"] as {
                parts: Array<{ text: string }>;
              }
            ).parts[0]?.text,
        )
        .join("");
      expect(text).toBe("Echo: alpha beta");
      expect(frames.at(-1)?.data).toMatchObject({
        candidates: [{ finishReason: "STOP" }],
        usageMetadata: { totalTokenCount: expect.any(Number) },
      });
    }
  });

  it("scripts an in-stream error chunk", async () => {
    fake.gemini.scriptStream({ transcript: "a b c d", errorAfter: 1 });
    const frames = sseEvents(
      (
        await call(
          fake,
          "POST /v1beta/models/g:streamGenerateContent?alt=sse",
          "streamGenerateContent",
          body,
        )
      ).text,
    );
    expect(frames).toHaveLength(2);
    expect(frames[1]?.data).toEqual({
      error: { code: 500, message: "The fake stream failed on purpose.", status: "INTERNAL" },
    });
  });

  it("accepts a percent-encoded colon in the path", async () => {
    expect(
      (await call(fake, "POST /v1beta/models/gemini-x%3AgenerateContent", "generateContent", body))
        .status,
    ).toBe(200);
  });
});
