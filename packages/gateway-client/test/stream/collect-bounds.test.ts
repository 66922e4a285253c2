import { describe, expect, it } from "vitest";
import { COLLECT_DEFAULTS, collectGenerateContent, collectResponse } from "../../src/collect.js";
import { createGatewayClient, isFeedgateError, LimitExceededError } from "../../src/index.js";

/** A gateway whose stream never ends: `frame(n)` is the n-th event, produced only as it is read (bounded at 3 million). */
function endless(frame: (n: number) => string) {
  const state = { produced: 0, cancelled: false };
  const fetch = async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.produced >= 3_000_000) return controller.close();
        let chunk = "";
        for (let i = 0; i < 100; i++) chunk += frame(state.produced++);
        controller.enqueue(encoder.encode(chunk));
      },
      cancel() {
        state.cancelled = true;
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  };
  return {
    client: createGatewayClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: "sk-test-collect-key",
      fetch,
    }),
    state,
  };
}

const delta = (text: string) => (n: number) =>
  `event: response.output_text.delta\ndata: ${JSON.stringify({ type: "response.output_text.delta", sequence_number: n, item_id: "m", output_index: 0, content_index: 0, delta: text })}\n\n`;

describe("collectors are bounded in count as well as in bytes", () => {
  it("collectResponse stops endless tiny deltas at maxEvents, and cancels the request", async () => {
    const { client, state } = endless(delta("a"));
    const stream = await client.responses.stream({ model: "gpt-5.2", input: "endless" });
    const error = await collectResponse(stream, { maxEvents: 20_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimitExceededError);
    expect(isFeedgateError(error, "limit_exceeded") && error.code).toBe("max_events");
    expect(state.produced).toBeLessThan(30_000);
    expect(state.cancelled).toBe(true);
  });

  it("collectResponse stops growing text at maxTextLength", async () => {
    const { client, state } = endless(delta("x".repeat(1000)));
    const stream = await client.responses.stream({ model: "gpt-5.2", input: "endless" });
    const error = await collectResponse(stream, { maxTextLength: 100_000 }).catch(
      (e: unknown) => e,
    );
    expect(isFeedgateError(error, "limit_exceeded") && error.code).toBe("max_text");
    expect(state.produced).toBeLessThanOrEqual(1000);
  });

  it("collectGenerateContent stops endless parts at maxTextLength", async () => {
    const chunk = (n: number) =>
      `data: ${JSON.stringify({ candidates: [{ index: 0, content: { role: "model", parts: [{ text: "y".repeat(500) }] } }], responseId: `r${n}` })}\n\n`;
    const { client, state } = endless(chunk);
    const stream = await client.gemini.streamGenerateContent("gemini-2.5-flash", {
      contents: [{ role: "user", parts: [{ text: "endless" }] }],
    });
    const error = await collectGenerateContent(stream, { maxTextLength: 50_000 }).catch(
      (e: unknown) => e,
    );
    expect(isFeedgateError(error, "limit_exceeded") && error.code).toBe("max_text");
    expect(state.produced).toBeLessThanOrEqual(1000);
  });

  it("documents its defaults and refuses a bad bound before reading", async () => {
    expect(COLLECT_DEFAULTS).toEqual({ maxEvents: 1_000_000, maxTextLength: 16 * 1024 * 1024 });
    const { client, state } = endless(delta("a"));
    const stream = await client.responses.stream({ model: "gpt-5.2", input: "endless" });
    const error = await collectResponse(stream, { maxEvents: 0 }).catch((e: unknown) => e);
    expect(isFeedgateError(error, "invalid_request")).toBe(true);
    expect(state.produced).toBeLessThanOrEqual(100);
  });
});
