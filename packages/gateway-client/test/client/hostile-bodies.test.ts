// Issue 11 for the gateway client: bounded bodies (class 2) and redaction before truncation (class 5).
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  createGatewayClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_SSE_EVENT_BYTES,
  DEFAULT_MAX_SSE_LINE_BYTES,
  InvalidResponseError,
  isFeedgateError,
} from "../../src/index.js";

const MIB = 1024 * 1024;

const KEY = "sk-hostile-4d8e2a7c91f0";
const CHUNK = 64 * 1024;
const fail = (work: Promise<unknown>) =>
  work.then(
    () => expect.unreachable("should have thrown"),
    (e: unknown) => e,
  );

/** A body that never ends (bounded by `limit` bytes so the test itself stops), counting what was pulled. */
function endless(byte: number, limit = 256 * 1024 * 1024) {
  const state = { produced: 0, cancelled: false };
  const chunk = new Uint8Array(CHUNK).fill(byte);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.produced >= limit) return controller.close();
      state.produced += CHUNK;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

function client(
  answer: () => Response,
  options: {
    maxResponseBytes?: number;
    maxStreamLineBytes?: number;
    maxStreamEventBytes?: number;
  } = {},
) {
  return createGatewayClient({
    baseUrl: "https://gateway.example",
    apiKey: KEY,
    fetch: async () => answer(),
    ...options,
  });
}

describe("class 2: every body has a cap", () => {
  it("defaults: 32 MiB JSON, 64 MiB SSE line, 128 MiB SSE event (room for inline images; the gateway passes 128 MB lines)", () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(32 * 1024 * 1024);
    expect(DEFAULT_MAX_SSE_LINE_BYTES).toBe(64 * 1024 * 1024);
    expect(DEFAULT_MAX_SSE_EVENT_BYTES).toBe(128 * 1024 * 1024);
  });

  it("an endless JSON answer fails with response_too_large at the default cap, cancelled, in bounded reads", async () => {
    const { body, state } = endless(0x20);
    const error = await fail(
      client(
        () => new Response(body, { headers: { "content-type": "application/json" } }),
      ).responses.create({ model: "m", input: "x" }),
    );
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ kind: "response_too_large", code: "response_too_large" });
    expect(state.cancelled).toBe(true);
    expect(state.produced).toBeLessThanOrEqual(DEFAULT_MAX_RESPONSE_BYTES + 4 * CHUNK);
  });

  it("a lower cap applies to error bodies too, and a Content-Length over it fails before reading", async () => {
    const { body, state } = endless(0x20);
    const error = await fail(
      client(
        () => new Response(body, { status: 500, headers: { "content-type": "application/json" } }),
        { maxResponseBytes: 100_000 },
      ).responses.create({ model: "m", input: "x" }),
    );
    expect(error).toMatchObject({ kind: "response_too_large" });
    expect(state.produced).toBeLessThanOrEqual(100_000 + 4 * CHUNK);
    const declared = endless(0x20);
    const big = () =>
      new Response(declared.body, {
        headers: { "content-type": "application/json", "content-length": "999999999" },
      });
    expect(
      await fail(
        client(big, { maxResponseBytes: 1000 }).responses.create({ model: "m", input: "x" }),
      ),
    ).toMatchObject({ kind: "response_too_large" });
    expect(declared.state.produced).toBeLessThanOrEqual(2 * CHUNK);
  });

  it("an endless SSE line fails at the line cap, long before any idle timeout", async () => {
    const { body, state } = endless(0x61);
    const stream = await client(
      () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
      { maxStreamLineBytes: MIB },
    ).responses.stream({ model: "m", input: "x" });
    const started = Date.now();
    const error = await fail(
      (async () => {
        for await (const _ of stream) void _;
      })(),
    );
    expect(error).toMatchObject({ kind: "response_too_large" });
    expect((error as Error).message).toContain("one line");
    expect(state.cancelled).toBe(true);
    expect(state.produced).toBeLessThanOrEqual(MIB + 4 * CHUNK);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("an event of many short lines fails at the event cap", async () => {
    const line = new TextEncoder().encode('data: {"x":1}\n');
    let produced = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced > 50_000_000) return controller.close();
        produced += line.length;
        controller.enqueue(line);
      },
    });
    const stream = await client(
      () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
      { maxStreamEventBytes: 10_000 },
    ).responses.stream({ model: "m", input: "x" });
    const error = await fail(
      (async () => {
        for await (const _ of stream) void _;
      })(),
    );
    expect(error).toMatchObject({ kind: "response_too_large" });
    expect((error as Error).message).toContain("one event");
    expect(produced).toBeLessThan(20_000);
  });

  it("normal events separated by blank lines pass a small event cap", async () => {
    const text = `${Array.from(
      { length: 50 },
      (_, i) =>
        `event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"${i}"}\n\n`,
    ).join("")}event: response.completed\ndata: {"type":"response.completed"}\n\n`;
    const stream = await client(
      () => new Response(text, { headers: { "content-type": "text/event-stream" } }),
      { maxStreamEventBytes: 200, maxStreamLineBytes: 100 },
    ).responses.stream({ model: "m", input: "x" });
    let count = 0;
    for await (const _ of stream) count++;
    expect(count).toBe(51);
  });
});

describe("class 5: redact before truncating; keys that cannot be redacted are refused", () => {
  const expectNoKey = (error: unknown) => {
    const text = JSON.stringify({ ...(error as object), message: (error as Error).message });
    for (const secret of [KEY, KEY.slice(3), KEY.slice(0, 12), KEY.slice(3, 15)])
      expect(text).not.toContain(secret);
  };

  it("a key straddling the 500-character cut of a text body leaves no prefix behind", async () => {
    const page = `${"x".repeat(490)}${KEY}${"y".repeat(200)}`;
    const error = await fail(
      client(
        () => new Response(page, { status: 502, headers: { "content-type": "text/html" } }),
      ).responses.create({ model: "m", input: "x" }),
    );
    expectNoKey(error);
    expect((error as { envelope: { text: string } }).envelope.text).toContain("[redacted]");
  });

  it("a key echoed in x-request-id, a JSON property name, or a stream error code does not survive", async () => {
    const body = JSON.stringify({ error: { message: "m", type: "t", code: "c", [KEY]: 1 } });
    const headers = { "content-type": "application/json", "x-request-id": `req-${KEY}` };
    const error = await fail(
      client(() => new Response(body, { status: 400, headers })).responses.create({
        model: "m",
        input: "x",
      }),
    );
    expectNoKey(error);
    expect((error as { requestId: string }).requestId).toBe("req-[redacted]");

    const sse = `event: error\ndata: ${JSON.stringify({ type: "error", code: `bad_${KEY}`, message: "m" })}\n\n`;
    const stream = await client(
      () =>
        new Response(sse, {
          headers: { "content-type": "text/event-stream", "x-request-id": KEY },
        }),
    ).responses.stream({ model: "m", input: "x" });
    expect(stream.requestId).toBe("[redacted]");
    const streamError = await fail(
      (async () => {
        for await (const _ of stream) void _;
      })(),
    );
    expect(isFeedgateError(streamError, "stream")).toBe(true);
    expectNoKey(streamError);
    expect((streamError as { code: string }).code).toBe("bad_[redacted]");
  });

  it.each([
    ["shorter than 4 characters", "abc"],
    ["sk- and 3 characters", "sk-abc"],
    ["with a NUL", "sk-abcdef\u0000gh"],
    ["with a control character", "sk-abcdef\u001bgh"],
    ["with DEL", "sk-abcdef\u007fgh"],
  ])("a key %s is a config error before sending, without repeating it", (_, apiKey) => {
    let sent = 0;
    let thrown: unknown;
    try {
      createGatewayClient({
        baseUrl: "https://gateway.example",
        apiKey,
        fetch: async () => (sent++, new Response("{}")),
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect(thrown).toMatchObject({ kind: "config", option: "apiKey" });
    expect((thrown as Error).message).not.toContain(apiKey);
    expect(sent).toBe(0);
  });
});
