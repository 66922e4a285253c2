import { describe, expect, it } from "vitest";
import { AbortError, createGatewayClient, isFeedgateError } from "../../src/index.js";

/**
 * The platform links a Request's signal to the caller's through a weak reference: once the
 * Request is collected, an abort no longer reaches the connection (seen as a CLI that ignored
 * Ctrl-C in about one run of 40). A body that ignores its request's signal stands for that
 * lost link: the caller's abort must end the stream all the same.
 */
describe("an abort ends a stream even when it cannot reach the connection", () => {
  it("iteration rejects with AbortError, promptly, and the body is cancelled", async () => {
    let cancelled = false;
    const fetch = async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const event = {
            type: "response.created",
            sequence_number: 0,
            response: { id: "resp_1", object: "response", status: "in_progress", output: [] },
          };
          controller.enqueue(
            new TextEncoder().encode(`event: response.created\ndata: ${JSON.stringify(event)}\n\n`),
          );
          // Then nothing, ever; and the request's signal is never looked at.
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    };
    const client = createGatewayClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: "sk-test-abort-key",
      fetch,
      streamIdleTimeoutMs: 3_600_000,
    });
    const caller = new AbortController();
    const stream = await client.responses.stream(
      { model: "gpt-5.2", input: "hi" },
      { signal: caller.signal },
    );
    const seen: string[] = [];
    const iterated = (async () => {
      for await (const event of stream) {
        seen.push((event as { type: string }).type);
        caller.abort(new Error("Ctrl-C"));
      }
    })();
    const error = await iterated.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(seen).toEqual(["response.created"]);
    expect(error).toBeInstanceOf(AbortError);
    expect(isFeedgateError(error, "aborted")).toBe(true);
    expect(cancelled).toBe(true);
  });
});
