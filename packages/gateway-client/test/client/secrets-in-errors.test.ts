import { freePort } from "@feedgate/test-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectResponse } from "../../src/collect.js";
import {
  AbortError,
  ConnectionError,
  createGatewayClient,
  errorClassOf,
  type GatewayClient,
  isFeedgateError,
  TimeoutError,
} from "../../src/index.js";
import { MINIMAL_RESPONSE } from "../support/operations.js";
import { startScriptedServer } from "../support/scripted-server.js";
import { expectNoSecret, viewsOf } from "../support/secrets.js";

const KEY = "sk-feedgate-echo-5b2e9d71c04a";
const BARE = KEY.slice(3);
const JSON_HEADERS = {
  "content-type": "application/json",
  "x-oneapi-request-id": "2026112300000001",
};

/** A client whose every request is answered with this status and body. */
function answering(status: number, body: string, headers: Record<string, string> = JSON_HEADERS) {
  return createGatewayClient({
    baseUrl: "https://gateway.example",
    apiKey: KEY,
    maxRetries: 0,
    fetch: async () => new Response(body === "" ? null : body, { status, headers }),
  });
}

async function thrownBy(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}

const asks = {
  create: (c: GatewayClient) => c.responses.create({ model: "m", input: "hi" }),
  count: (c: GatewayClient) =>
    c.messages.countTokens({
      model: "claude-sonnet-4-5",
      messages: [{ role: "user", content: "hi" }],
    }),
  gemini: (c: GatewayClient) =>
    c.gemini.generateContent("gemini-2.5-flash", { contents: [{ parts: [{ text: "hi" }] }] }),
  task: (c: GatewayClient) => c.images.getTask("task_1"),
  inputTokens: (c: GatewayClient) => c.responses.countInputTokens({ model: "m", input: "hi" }),
};

describe("a key the gateway echoes back is redacted from every error, whatever the envelope", () => {
  const cases = [
    [
      "OpenAI envelope, key in message and param",
      401,
      JSON.stringify({
        error: { message: `bad key ${KEY}`, type: "new_api_error", param: KEY, code: "" },
      }),
      asks.create,
      "authentication",
    ],
    [
      "gateway envelope, bare key",
      403,
      JSON.stringify({
        error: {
          message: `token ${BARE} is disabled`,
          type: "new_api_error",
          code: "token_disabled",
        },
      }),
      asks.create,
      "permission_denied",
    ],
    [
      "Anthropic envelope",
      401,
      JSON.stringify({
        type: "error",
        error: { type: "authentication_error", message: `invalid x-api-key ${KEY}` },
      }),
      asks.count,
      "unavailable",
    ],
    [
      "Google envelope, key in details",
      400,
      JSON.stringify({
        error: {
          code: 400,
          message: `API key not valid: ${KEY}`,
          status: "INVALID_ARGUMENT",
          details: [
            { "@type": "type.googleapis.com/google.rpc.ErrorInfo", metadata: { key: KEY } },
          ],
        },
      }),
      asks.gemini,
      "invalid_request",
    ],
    [
      "task envelope",
      400,
      JSON.stringify({ code: "task_not_exist", message: `no task for ${KEY}`, data: { key: KEY } }),
      asks.task,
      "not_found",
    ],
    [
      "an HTML page",
      502,
      `<html><body>upstream refused key ${KEY}</body></html>`,
      asks.create,
      "unavailable",
    ],
    [
      "an unsupported operation",
      404,
      JSON.stringify({
        error: {
          message: "Invalid URL (POST /v1/responses/input_tokens)",
          type: "invalid_request_error",
          param: KEY,
          code: "",
        },
      }),
      asks.inputTokens,
      "unsupported",
    ],
  ] as const;

  for (const [label, status, body, ask, kind] of cases) {
    it(label, async () => {
      const error = await thrownBy(() =>
        ask(
          answering(
            status,
            body,
            label === "an HTML page" ? { "content-type": "text/html" } : JSON_HEADERS,
          ),
        ),
      );
      expect(isFeedgateError(error, kind)).toBe(true);
      expect(error).toBeInstanceOf(errorClassOf(kind));
      expect(error).toMatchObject({ status });
      expectNoSecret(error, KEY);
      // The key was there to find: the redaction marker shows where it was.
      expect(viewsOf(error).some((view) => view.includes("[redacted]"))).toBe(true);
    });
  }
});

describe("errors raised inside streams hold no key", () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>>;
  let client: GatewayClient;
  const SSE = { "content-type": "text/event-stream" };
  beforeAll(async () => {
    server = await startScriptedServer();
    client = createGatewayClient({ baseUrl: server.url, apiKey: KEY });
  });
  afterAll(() => server.close());

  async function drain(stream: AsyncIterable<unknown>) {
    for await (const _ of stream) void _;
  }

  it("an OpenAI error event quoting the key", async () => {
    server.script({
      headers: SSE,
      chunks: [
        `event: error\ndata: {"type":"error","code":"invalid_api_key","message":"key ${KEY} revoked","param":"${KEY}","sequence_number":0}\n\n`,
      ],
    });
    const error = await thrownBy(async () =>
      drain(await client.responses.stream({ model: "m", input: "x" })),
    );
    expect(error).toMatchObject({ kind: "stream", code: "invalid_api_key" });
    expectNoSecret(error, KEY);
  });

  it("a Gemini error chunk quoting the key", async () => {
    server.script({
      headers: SSE,
      chunks: [
        `data: {"error":{"code":400,"message":"API key ${BARE} expired","status":"INVALID_ARGUMENT"}}\r\n\r\n`,
      ],
    });
    const error = await thrownBy(async () =>
      drain(
        await client.gemini.streamGenerateContent("gemini-2.5-flash", {
          contents: [{ parts: [{ text: "x" }] }],
        }),
      ),
    );
    expect(error).toMatchObject({ kind: "stream", code: "INVALID_ARGUMENT" });
    expectNoSecret(error, KEY);
  });

  it("a malformed event that contains the key", async () => {
    server.script({ headers: SSE, chunks: [`data: not json ${KEY}\n\n`] });
    const error = await thrownBy(async () =>
      drain(await client.responses.stream({ model: "m", input: "x" })),
    );
    expect(error).toMatchObject({ kind: "stream", code: "malformed_event" });
    expectNoSecret(error, KEY);
  });

  it("a response.failed snapshot whose error quotes the key", async () => {
    const failed = {
      type: "response.failed",
      sequence_number: 1,
      response: {
        ...MINIMAL_RESPONSE,
        status: "failed",
        error: { code: "server_error", message: `upstream rejected ${KEY}` },
      },
    };
    server.script({
      headers: SSE,
      chunks: [`event: response.failed\ndata: ${JSON.stringify(failed)}\n\n`],
    });
    const error = await thrownBy(async () =>
      collectResponse(await client.responses.stream({ model: "m", input: "x" })),
    );
    expect(error).toMatchObject({ kind: "stream", code: "server_error" });
    expectNoSecret(error, KEY);
  });

  it("an idle timeout, and the abort it causes", async () => {
    server.script({ headers: SSE, chunks: [": PING\n\n"], stall: true });
    const error = await thrownBy(async () =>
      drain(await client.responses.stream({ model: "m", input: "x" }, { idleTimeoutMs: 100 })),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ kind: "timeout", code: "stream_idle_timeout" });
    expectNoSecret(error, KEY);
    await server.closed();
  });

  it("a caller's abort", async () => {
    server.script({ headers: SSE, chunks: [": PING\n\n"], stall: true });
    const controller = new AbortController();
    const stream = await client.responses.stream(
      { model: "m", input: "x" },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 20);
    const error = await thrownBy(() => drain(stream));
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ name: "AbortError", kind: "aborted", isFeedgateError: true });
    expect((error as Error).cause).toMatchObject({ name: "AbortError" });
    expectNoSecret(error, KEY);
    await server.closed();
  });

  it("a refused cross-origin redirect and a redirect loop", async () => {
    server.script({ status: 302, headers: { location: `https://elsewhere.example/steal?k=1` } });
    const foreign = await thrownBy(() => client.responses.create({ model: "m", input: "x" }));
    expect(foreign).toMatchObject({ kind: "redirect", code: "cross_origin_refused" });
    expectNoSecret(foreign, KEY);
    for (let i = 0; i < 3; i++)
      server.script({ status: 307, headers: { location: "/v1/responses" } });
    const loop = await thrownBy(() =>
      createGatewayClient({ baseUrl: server.url, apiKey: KEY, maxRedirects: 1 }).responses.create({
        model: "m",
        input: "x",
      }),
    );
    expect(loop).toMatchObject({ kind: "redirect", code: "too_many_redirects" });
    expectNoSecret(loop, KEY);
  });
});

describe("errors before or around the request hold no key", () => {
  it("a refused credential header quoting the key", () => {
    let error: unknown;
    try {
      createGatewayClient({
        baseUrl: "https://gateway.example",
        apiKey: KEY,
        headers: { "X-Api-Key": KEY },
      });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ kind: "config" });
    expectNoSecret(error, KEY);
  });

  it("a key with a space in it is refused without being repeated", () => {
    let error: unknown;
    try {
      createGatewayClient({ baseUrl: "https://gateway.example", apiKey: `${KEY} ${KEY}` });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ kind: "config", code: "invalid_option", option: "apiKey" });
    expectNoSecret(error, KEY);
  });

  it("a connection failure is a ConnectionError, not fetch's own TypeError", async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await freePort();
    const client = createGatewayClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY });
    const error = await thrownBy(() => client.responses.create({ model: "m", input: "x" }));
    expect(error).not.toBeInstanceOf(TypeError);
    expect(error).toBeInstanceOf(ConnectionError);
    // A refused connection sent nothing, so even a billed create was retried (twice by default).
    expect(error).toMatchObject({
      name: "ConnectionError",
      kind: "network",
      code: "ECONNREFUSED",
      attempts: 3,
      isFeedgateError: true,
    });
    expectNoSecret(error, KEY);
  });
});
