// The gateway as its source behaves (issue 12), with the exact bodies of the facts file
// (shared/reference/gateway-upstream-source-facts.md).
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_STREAM_IDLE_TIMEOUT_MS,
  type GatewayClient,
  isFeedgateError,
  TimeoutError,
} from "../../src/index.js";
import {
  answering,
  fail,
  scriptedGateway as gateway,
  JSON_HEADERS,
} from "../support/scripted-gateway.js";

const COUNT = { model: "m", messages: [{ role: "user" as const, content: "x" }] };

describe("1. unrouted operations are unsupported, classified by the NoRoute shape", () => {
  // The facts file's body: the message names the request's own method and path, id included.
  const NO_ROUTE =
    '{"error":{"message":"Invalid URL (GET /v1/responses/resp_abc)","type":"invalid_request_error","param":"","code":""}}';

  it("retrieve of resp_abc answered with the NoRoute 404 naming resp_abc is unsupported, not 'not found'", async () => {
    const { client } = answering(404, NO_ROUTE, {
      ...JSON_HEADERS,
      "x-oneapi-request-id": "rid-noroute",
    });
    const error = await fail(client.responses.retrieve("resp_abc"));
    expect(error).toMatchObject({
      kind: "unsupported",
      status: 404,
      code: "unsupported_by_gateway",
      requestId: "rid-noroute",
    });
    expect((error as Error).message).toMatch(
      /^retrieveResponse is not supported by this gateway \(HTTP 404: Invalid URL \(GET \/v1\/responses\/resp_abc\)\)/,
    );
  });

  it("delete, cancel, input_tokens and count_tokens with their own NoRoute bodies are unsupported", async () => {
    const cases: Array<[string, (c: GatewayClient) => Promise<unknown>]> = [
      ["DELETE /v1/responses/resp_abc", (c) => c.responses.delete("resp_abc")],
      ["POST /v1/responses/resp_abc/cancel", (c) => c.responses.cancel("resp_abc")],
      [
        "POST /v1/responses/input_tokens",
        (c) => c.responses.countInputTokens({ model: "m", input: "x" }),
      ],
      ["POST /v1/messages/count_tokens", (c) => c.messages.countTokens(COUNT)],
    ];
    for (const [request, call] of cases) {
      const body = JSON.stringify({
        error: {
          message: `Invalid URL (${request})`,
          type: "invalid_request_error",
          param: "",
          code: "",
        },
      });
      expect(await fail(call(answering(404, body).client))).toMatchObject({
        kind: "unsupported",
        status: 404,
      });
    }
  });

  it("matches the path behind a base path prefix, and not a NoRoute naming another request", async () => {
    const behindPrefix = gateway(
      () =>
        new Response(
          '{"error":{"message":"Invalid URL (GET /gw/v1/responses/resp_abc)","type":"invalid_request_error","param":"","code":""}}',
          { status: 404, headers: JSON_HEADERS },
        ),
      {
        baseUrl: "https://gateway.example/gw",
      },
    );
    expect(await fail(behindPrefix.client.responses.retrieve("resp_abc"))).toMatchObject({
      kind: "unsupported",
    });
    const other = answering(404, NO_ROUTE);
    expect(await fail(other.client.responses.retrieve("resp_other"))).toMatchObject({
      kind: "not_found",
      status: 404,
    });
  });

  it("a real 'not found' that names the id stays a 404 API error", async () => {
    const body =
      '{"error":{"message":"Response with id \'resp_abc\' not found.","type":"invalid_request_error","param":"response_id","code":null}}';
    expect(await fail(answering(404, body).client.responses.retrieve("resp_abc"))).toMatchObject({
      name: "NotFoundError",
      kind: "not_found",
      status: 404,
      code: "invalid_request_error",
    });
  });

  it("a 301 to the console origin is unsupported with the redirect noted, and never followed with the key", async () => {
    for (const status of [301, 302]) {
      const { client, requests } = gateway(
        () => new Response(null, { status, headers: { location: "https://console.example/" } }),
      );
      const error = await fail(client.responses.retrieve("resp_abc"));
      expect(error).toMatchObject({ kind: "unsupported", status, code: "unsupported_by_gateway" });
      expect((error as Error).message).toContain("redirect");
      expect((error as Error).message).toContain("https://console.example");
      expect((error as { cause?: { kind?: string } }).cause?.kind).toBe("redirect");
      expect(requests.map((r) => new URL(r.url).origin)).toEqual(["https://gateway.example"]);
    }
  });
});

describe("2. validation failures (HTTP 500 invalid_request) are final request errors", () => {
  it("500 with code invalid_request is kind invalid_request, sent once even with retries on", async () => {
    const body =
      '{"error":{"message":"input is required (request id: 2026112403391234)","type":"new_api_error","param":"","code":"invalid_request"}}';
    const headers = { ...JSON_HEADERS, "x-oneapi-request-id": "2026112403391234" };
    const { client, requests } = gateway(() => new Response(body, { status: 500, headers }), {
      maxRetries: 2,
    });
    const error = await fail(
      client.responses.create({ model: "m", input: [{ role: "user", content: "x" }] } as never),
    );
    expect(error).toMatchObject({ kind: "invalid_request", status: 500, code: "invalid_request" });
    expect(requests).toHaveLength(1);
  });

  it("a plain 500 stays a server error", async () => {
    const body =
      '{"error":{"message":"upstream failed","type":"new_api_error","param":"","code":"do_request_failed"}}';
    expect(
      await fail(answering(500, body).client.responses.create({ model: "m", input: "x" })),
    ).toMatchObject({ name: "ServerError", kind: "server", status: 500 });
  });
});

describe("4. 429 without invented codes; Gemini routes answer OpenAI envelopes", () => {
  it('429 with code "" and an empty 429 are both rate_limited', async () => {
    const redis =
      '{"error":{"message":"您已达到请求数限制 (request id: r1)","type":"new_api_error","code":""}}';
    expect(
      await fail(answering(429, redis).client.responses.create({ model: "m", input: "x" })),
    ).toMatchObject({ kind: "rate_limited", status: 429, code: "new_api_error" });
    expect(
      await fail(answering(429, "").client.responses.create({ model: "m", input: "x" })),
    ).toMatchObject({ kind: "rate_limited", status: 429, code: "http_429" });
  });

  it("a Gemini route's OpenAI-shaped error parses, and a Google envelope still does", async () => {
    const openai =
      '{"error":{"message":"bad","type":"new_api_error","param":"","code":"bad_response_status_code"}}';
    expect(
      await fail(answering(400, openai).client.gemini.generateContent("g", { contents: [] })),
    ).toMatchObject({ envelope: { kind: "openai" }, code: "bad_response_status_code" });
    const google =
      '{"error":{"code":429,"message":"slow","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"22s"}]}}';
    expect(
      await fail(answering(429, google).client.gemini.generateContent("g", { contents: [] })),
    ).toMatchObject({
      kind: "rate_limited",
      envelope: { kind: "google" },
      code: "RESOURCE_EXHAUSTED",
    });
  });
});

describe("7. quota and overload messages parse into typed errors", () => {
  it.each([
    [
      "the Claude-shaped billing error with type new_api_error and no code",
      403,
      '{"type":"error","error":{"type":"new_api_error","message":"用户额度不足, 剩余额度: ＄0.000000"}}',
      { name: "PermissionDeniedError", kind: "permission_denied", envelope: { kind: "anthropic" } },
    ],
    [
      "the CPU-overload 503 without a top-level type",
      503,
      '{"error":{"type":"new_api_error","message":"system cpu overloaded"}}',
      {
        name: "ServerError",
        kind: "unavailable",
        envelope: { kind: "openai", error: { message: "system cpu overloaded" } },
      },
    ],
  ])("%s", async (_, status, body, expected) => {
    const error = await fail(answering(status, body).client.messages.countTokens(COUNT));
    expect(error).toMatchObject({ ...expected, status, code: "new_api_error" });
  });
});

describe("8. the request id is a field, never repeated in the message", () => {
  it("the 401 body from the facts file loses its '(request id: …)': the id is the requestId field", async () => {
    const body =
      '{"error":{"code":"","message":"Invalid token (request id: 20261124033900111)","type":"new_api_error"}}';
    const error = (await fail(
      answering(401, body, {
        ...JSON_HEADERS,
        "x-oneapi-request-id": "20261124033900111",
      }).client.responses.create({ model: "m", input: "x" }),
    )) as Error & { requestId?: string };
    expect(error).toMatchObject({
      name: "AuthenticationError",
      kind: "authentication",
      status: 401,
    });
    expect(error.requestId).toBe("20261124033900111");
    expect(error.message).toBe(
      "createResponse failed: HTTP 401 new_api_error: Invalid token (the gateway answers this for a key that is wrong, disabled, expired, or out of its own quota)",
    );
    // The envelope keeps the body as sent.
    expect(error).toMatchObject({
      envelope: { error: { message: "Invalid token (request id: 20261124033900111)" } },
    });
  });

  it("a message without the id does not get it either", async () => {
    const body = '{"error":{"message":"bad","type":"t","code":"c"}}';
    const error = (await fail(
      answering(400, body, {
        ...JSON_HEADERS,
        "x-oneapi-request-id": "rid-7",
      }).client.responses.create({ model: "m", input: "x" }),
    )) as Error;
    expect(error).toMatchObject({ kind: "invalid_request", requestId: "rid-7" });
    expect(error.message).not.toContain("rid-7");
  });
});

describe("5. stream idle timeout vs. the gateway's 300 s", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("defaults to more than 300 s: a silent 300 s upstream is not cut, 330 s is", async () => {
    expect(DEFAULT_STREAM_IDLE_TIMEOUT_MS).toBe(330_000);
    vi.useFakeTimers();
    const silent = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const { client } = gateway(
      () => new Response(silent, { headers: { "content-type": "text/event-stream" } }),
    );
    const stream = await client.responses.stream({ model: "m", input: "x" });
    let settled: unknown = "pending";
    const done = stream[Symbol.asyncIterator]()
      .next()
      .then(
        () => "ended",
        (e: unknown) => e,
      );
    void done.then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(300_000);
    expect(settled).toBe("pending");
    await vi.advanceTimersByTimeAsync(31_000);
    expect(settled).toBeInstanceOf(TimeoutError);
    expect(settled).toMatchObject({ kind: "timeout", code: "stream_idle_timeout" });
  });
});

describe("6. a gateway that ignores async=true answers a result", () => {
  it("submit() returns it as a completed result, after exactly one request", async () => {
    const result = {
      created: 1791458630,
      data: [{ url: "https://cdn.example/a.png", b64_json: "", revised_prompt: "" }],
    };
    const { client, requests } = answering(200, JSON.stringify(result));
    const submission = await client.images.submit({ model: "Nano-Banana2", prompt: "p" });
    expect(submission).toEqual({ kind: "completed", result });
    expect(requests).toHaveLength(1);
  });

  it("submit() of the fork returns the task", async () => {
    const task = { task_id: "task_Xq3Lb9VmT2kRw7NcY5hPz1AeDs8FgJ4u", status: "queued" };
    expect(await answering(200, JSON.stringify(task)).client.images.submit({ model: "m" })).toEqual(
      { kind: "task", task },
    );
  });
});

describe("issue 11 class 11: a 2xx not of the operation's shape is invalid_response", () => {
  it.each([
    ["an object without the fields", '{"hello":"world"}'],
    ["an array", "[1,2]"],
    ["not JSON", "<html>ok</html>"],
  ])("%s", async (_, body) => {
    const { client } = answering(200, body, {
      ...JSON_HEADERS,
      "x-oneapi-request-id": "rid-shape",
    });
    const error = await fail(client.responses.create({ model: "m", input: "x" }));
    expect(isFeedgateError(error, "invalid_response")).toBe(true);
    expect(error).toMatchObject({ name: "InvalidResponseError", code: "invalid_response" });
    expect((error as Error).message).toContain("createResponse");
    expect((error as Error).message).not.toContain("rid-shape");
    if (body !== "<html>ok</html>") expect(error).toMatchObject({ requestId: "rid-shape" });
  });

  it("a task poll without a status is invalid_response, never a TypeError later", async () => {
    expect(await fail(answering(200, '{"task_id":"t"}').client.images.getTask("t"))).toMatchObject({
      kind: "invalid_response",
    });
  });
});
