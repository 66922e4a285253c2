import { describe, expect, it } from "vitest";
import {
  createGatewayClient,
  type GatewayClient,
  NotFoundError,
  parseEnvelope,
  RateLimitError,
  UnsupportedError,
} from "../../src/index.js";

function answering(
  status: number,
  body: string | null,
  headers: Record<string, string> = { "content-type": "application/json" },
) {
  return createGatewayClient({
    baseUrl: "https://gateway.example",
    apiKey: "sk-errors",
    maxRetries: 0,
    fetch: async () => new Response(body, { status, headers }),
  });
}

const fail = (work: Promise<unknown>) =>
  work.then(
    () => expect.unreachable("should have thrown"),
    (e: unknown) => e,
  );

describe("parseEnvelope tells the gateway's error bodies apart", () => {
  it.each([
    [
      "OpenAI",
      '{"error":{"message":"m","type":"invalid_request_error","param":"top_p","code":"unsupported_parameter"}}',
      "openai",
    ],
    [
      "gateway middleware (no param)",
      '{"error":{"message":"m","type":"new_api_error","code":""}}',
      "openai",
    ],
    [
      "Google",
      '{"error":{"code":429,"message":"m","status":"RESOURCE_EXHAUSTED","details":[]}}',
      "google",
    ],
    [
      "Anthropic",
      '{"type":"error","error":{"type":"rate_limit_error","message":"m"}}',
      "anthropic",
    ],
    ["task route", '{"code":"task_not_exist","message":"task_not_exist","data":null}', "task"],
    ["empty", "", "empty"],
    ["plain text", "Bad Gateway", "text"],
    ["JSON of another shape", '{"detail":"nope"}', "text"],
  ])("%s", (_, text, kind) => {
    expect(parseEnvelope(text).kind).toBe(kind);
  });
});

describe("request id precedence: x-request-id, then X-Oneapi-Request-Id, then request-id", () => {
  const body = '{"error":{"message":"m","type":"t","code":"c"}}';
  it.each([
    // The gateway's own id wins over an x-request-id a proxy or the upstream added (issue 20).
    [{ "x-request-id": "a", "x-oneapi-request-id": "b", "request-id": "c" }, "b"],
    [{ "x-oneapi-request-id": "b", "request-id": "c" }, "b"],
    [{ "request-id": "c" }, "c"],
    [{}, undefined],
  ])("%j → %s", async (headers, expected) => {
    const error = await fail(
      answering(500, body, { "content-type": "application/json", ...headers }).responses.create({
        model: "m",
        input: "x",
      }),
    );
    expect(error).toMatchObject({
      name: "ServerError",
      kind: "server",
      status: 500,
      code: "c",
      requestId: expected,
    });
  });
});

describe("codes when the body says little", () => {
  it("an empty 429 gets http_429", async () => {
    const error = await fail(answering(429, null).responses.create({ model: "m", input: "x" }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      kind: "rate_limited",
      status: 429,
      code: "http_429",
      envelope: { kind: "empty" },
    });
  });

  it("an HTML error page keeps its start as text", async () => {
    const error = await fail(
      answering(502, "<html>Bad Gateway</html>", { "content-type": "text/html" }).images.getTask(
        "t",
      ),
    );
    expect(error).toMatchObject({
      name: "ServerError",
      kind: "unavailable",
      status: 502,
      code: "http_502",
      envelope: { kind: "text", text: "<html>Bad Gateway</html>" },
    });
  });

  it.each([400, 404])("task_not_exist is a NotFoundError at any status (%i)", async (status) => {
    const error = await fail(
      answering(
        status,
        '{"code":"task_not_exist","message":"task_not_exist","data":null}',
      ).images.getTask("t"),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ kind: "not_found", code: "task_not_exist", status });
  });
});

describe("operations the gateway may not route", () => {
  // What the gateway's router answers for a route it lacks (gin NoRoute → controller.RelayNotFound,
  // naming the request's own method and path), and for one it stubs out.
  const noRoute = (request: string) =>
    JSON.stringify({
      error: {
        message: `Invalid URL (${request})`,
        type: "invalid_request_error",
        param: "",
        code: "",
      },
    });
  const notImplemented =
    '{"error":{"message":"API not implemented","type":"new_api_error","param":"","code":"api_not_implemented"}}';
  const maybeMissing: Array<[string, string, (c: GatewayClient) => Promise<unknown>]> = [
    ["retrieveResponse", "GET /v1/responses/resp_1", (c) => c.responses.retrieve("resp_1")],
    ["deleteResponse", "DELETE /v1/responses/resp_1", (c) => c.responses.delete("resp_1")],
    ["cancelResponse", "POST /v1/responses/resp_1/cancel", (c) => c.responses.cancel("resp_1")],
    [
      "countResponseInputTokens",
      "POST /v1/responses/input_tokens",
      (c) => c.responses.countInputTokens({ model: "m", input: "x" }),
    ],
    [
      "countMessageTokens",
      "POST /v1/messages/count_tokens",
      (c) => c.messages.countTokens({ model: "m", messages: [{ role: "user", content: "x" }] }),
    ],
  ];

  for (const [operationId, request, call] of maybeMissing) {
    for (const [status, body] of [
      [404, noRoute(request)],
      [405, ""],
      [501, notImplemented],
    ] as const) {
      it(`${operationId}: ${status} is "unsupported by this gateway"`, async () => {
        const error = await fail(call(answering(status, body)));
        expect(error).toBeInstanceOf(UnsupportedError);
        expect(error).toMatchObject({
          name: "UnsupportedError",
          kind: "unsupported",
          status,
          code: "unsupported_by_gateway",
        });
        expect(
          (error as Error).message.startsWith(
            `${operationId} is not supported by this gateway (HTTP ${status}`,
          ),
        ).toBe(true);
      });
    }
  }

  it("a 404 that is not this request's NoRoute stays a plain not-found error", async () => {
    const error = await fail(
      answering(404, noRoute("POST /v1/other")).responses.compact({ model: "m", input: "x" }),
    );
    expect(error).toMatchObject({
      name: "NotFoundError",
      kind: "not_found",
      status: 404,
      code: "invalid_request_error",
    });
  });
});

describe("delete accepts what the Node SDK accepts", () => {
  it.each([
    ["an empty body", ""],
    ["a non-JSON body", "OK"],
  ])("%s counts as deleted", async (_, body) => {
    const client = answering(200, body, { "content-type": "text/plain" });
    await expect(client.responses.delete("resp_9")).resolves.toEqual({
      id: "resp_9",
      object: "response",
      deleted: true,
    });
  });
});
