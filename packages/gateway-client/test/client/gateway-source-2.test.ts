// The gateway as its source behaves, second reading (issue 20; shared/reference/gateway-source-facts-2.md).
// Each answer is scripted in a custom fetch, exactly as the source writes it.
import { describe, expect, it } from "vitest";
import { collectGenerateContent, collectResponse } from "../../src/collect.js";
import {
  type GatewayClient,
  InvalidRequestError,
  isTransientError,
  PermissionDeniedError,
  RateLimitError,
  StreamError,
  UnsupportedError,
} from "../../src/index.js";
import {
  answering,
  drain,
  envelope,
  fail,
  scriptedGateway as gateway,
  JSON_HEADERS,
  SSE_HEADERS,
} from "../support/scripted-gateway.js";

const sse = (type: string) =>
  `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: 0, response: { id: "resp_1", status: "in_progress", output: [] } })}\n\n`;
const geminiChunk = (text: string, finishReason?: string) =>
  `data: ${JSON.stringify({ candidates: [{ index: 0, content: { role: "model", parts: [{ text }] }, ...(finishReason && { finishReason }) }] })}\n\n`;
const GEMINI_BODY = { contents: [{ role: "user", parts: [{ text: "hi" }] }] };

describe("2. a stream that ends without its terminal event is an error", () => {
  const streamOf = (text: string) => answering(200, text, SSE_HEADERS).client;

  it("a Responses stream closed cleanly after response.created fails plain iteration with stream_truncated", async () => {
    const client = streamOf(sse("response.created") + sse("response.in_progress"));
    const seen: unknown[] = [];
    const error = await fail(
      (async () => {
        for await (const event of await client.responses.stream({ model: "gpt-5.2", input: "x" }))
          seen.push(event);
      })(),
    );
    expect(seen).toHaveLength(2);
    expect(error).toBeInstanceOf(StreamError);
    expect(error).toMatchObject({ kind: "stream", code: "stream_truncated", status: 200 });
  });

  it("a Responses stream ended by [DONE] before its terminal event is truncated too", async () => {
    const client = streamOf(`${sse("response.created")}data: [DONE]\n\n`);
    expect(
      await fail(drain(await client.responses.stream({ model: "gpt-5.2", input: "x" }))),
    ).toMatchObject({ code: "stream_truncated" });
  });

  it("each terminal event (completed, incomplete, failed) ends a Responses stream properly", async () => {
    for (const terminal of ["response.completed", "response.incomplete", "response.failed"]) {
      const client = streamOf(sse("response.created") + sse(terminal));
      expect(
        await drain(await client.responses.stream({ model: "gpt-5.2", input: "x" })),
      ).toHaveLength(2);
    }
  });

  it("a Gemini stream whose last candidate has no finishReason fails iteration and collectGenerateContent", async () => {
    const text = geminiChunk("Hel") + geminiChunk("lo");
    const iterated = await fail(
      drain(await streamOf(text).gemini.streamGenerateContent("gemini-2.5-flash", GEMINI_BODY)),
    );
    expect(iterated).toMatchObject({ name: "StreamError", code: "stream_truncated" });
    const collected = await fail(
      collectGenerateContent(
        await streamOf(text).gemini.streamGenerateContent("gemini-2.5-flash", GEMINI_BODY),
      ),
    );
    expect(collected).toMatchObject({ name: "StreamError", code: "stream_truncated" });
  });

  it("a Gemini stream whose last candidate carries a finishReason is complete", async () => {
    const client = streamOf(geminiChunk("Hel") + geminiChunk("lo", "STOP"));
    const folded = await collectGenerateContent(
      await client.gemini.streamGenerateContent("gemini-2.5-flash", GEMINI_BODY),
    );
    expect(folded.candidates?.[0]).toMatchObject({
      finishReason: "STOP",
      content: { parts: [{ text: "Hello" }] },
    });
  });

  it("with pings on, an upstream 429 written raw into the 200 stream is a RateLimitError, from iteration and from collectResponse", async () => {
    const body = `: PING\n\n${envelope("Rate limit reached for requests", 429, "upstream_error")}`;
    const headers = { ...SSE_HEADERS, "x-oneapi-request-id": "rid-ping" };
    const pingThenError = () =>
      answering(200, body, headers).client.responses.stream({ model: "gpt-5.2", input: "x" });
    const iterated = await fail(drain(await pingThenError()));
    expect(iterated).toBeInstanceOf(RateLimitError);
    expect(iterated).toMatchObject({
      kind: "rate_limited",
      status: 429,
      code: "429",
      requestId: "rid-ping",
      envelope: { kind: "openai" },
    });
    const collected = await fail(collectResponse(await pingThenError()));
    expect(collected).toBeInstanceOf(RateLimitError);
  });

  it("a gateway error with a string code written raw into a 200 stream is a StreamError with that code", async () => {
    const body = `: PING\n\n${envelope("do request failed: connection refused", "do_request_failed")}\n`;
    const error = await fail(
      drain(
        await answering(200, body, SSE_HEADERS).client.gemini.streamGenerateContent(
          "gemini-2.5-flash",
          GEMINI_BODY,
        ),
      ),
    );
    expect(error).toMatchObject({ name: "StreamError", code: "do_request_failed" });
    expect((error as Error).message).toContain("do request failed");
  });

  it("an error status labelled text/event-stream is the error its JSON envelope names", async () => {
    const { client } = answering(
      503,
      envelope("upstream overloaded", 503, "upstream_error"),
      SSE_HEADERS,
    );
    expect(await fail(client.responses.stream({ model: "gpt-5.2", input: "x" }))).toMatchObject({
      name: "ServerError",
      kind: "unavailable",
      status: 503,
    });
  });
});

describe("3. final is final: never transient, and explained", () => {
  it("500 convert_request_failed on /v1/responses says the Responses route is not available for the model", async () => {
    const { client } = answering(500, envelope("not implemented", "convert_request_failed"));
    const error = await fail(client.responses.create({ model: "claude-sonnet-4-5", input: "x" }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(isTransientError(error)).toBe(false);
    expect((error as Error).message).toMatch(
      /Responses route is not available for this model: it is served only by non-OpenAI channels/,
    );
  });

  it.each([
    "sensitive_words_detected",
    "count_token_failed",
    "channel:model_mapped_error",
    "get_channel_failed",
    "invalid_api_type",
  ])("500 %s is not transient", async (code) => {
    expect(
      isTransientError(
        await fail(
          answering(500, envelope(code, code)).client.responses.create({ model: "m", input: "x" }),
        ),
      ),
    ).toBe(false);
  });

  it("503 model_not_found is not transient, as the transport already gave up on it", async () => {
    const { client, requests } = gateway(
      () =>
        new Response(
          envelope(
            "No available channel for model m under group default (distributor)",
            "model_not_found",
          ),
          { status: 503, headers: JSON_HEADERS },
        ),
      { maxRetries: 2 },
    );
    const error = await fail(client.responses.retrieve("resp_1"));
    expect(requests).toHaveLength(1);
    expect(isTransientError(error)).toBe(false);
  });

  it("the fork's 500 task_id is empty says the upstream may already have generated and billed the image", async () => {
    const { client } = answering(
      500,
      envelope("task_id is empty", "bad_response_status_code", "bad_response_status_code"),
    );
    const error = await fail(client.images.submit({ model: "gpt-image-1", prompt: "a cat" }));
    expect(isTransientError(error)).toBe(false);
    expect((error as Error).message).toMatch(/may already have generated, and billed/);
  });
});

describe("4. unrouted stays unsupported", () => {
  const NO_ROUTE = (request: Request) => {
    const url = new URL(request.url);
    return new Response(
      JSON.stringify({
        error: {
          message: `Invalid URL (${request.method} ${url.pathname})`,
          type: "invalid_request_error",
          param: "",
          code: "",
        },
      }),
      {
        status: 404,
        headers: { ...JSON_HEADERS, "cache-control": "max-age=604800" },
      },
    );
  };

  it("after one NoRoute answer, later calls of that operation are unsupported without sending (per client)", async () => {
    const { client, make, requests } = gateway(NO_ROUTE, { maxRetries: 2 });
    for (let i = 0; i < 3; i++) {
      const error = await fail(client.responses.countInputTokens({ model: "m", input: "x" }));
      expect(error).toBeInstanceOf(UnsupportedError);
      expect(isTransientError(error)).toBe(false);
    }
    expect(requests).toHaveLength(1);
    // Other operations still go out; another client asks the gateway itself.
    await fail(client.responses.retrieve("resp_1"));
    expect(requests).toHaveLength(2);
    await fail(make().responses.countInputTokens({ model: "m", input: "x" }));
    expect(requests).toHaveLength(3);
  });

  it("so the web limiter's empty 429 never arrives for an operation known unrouted, let alone is retried", async () => {
    let calls = 0;
    const { client, requests } = gateway(
      (request) =>
        ++calls === 1
          ? NO_ROUTE(request)
          : new Response("", { status: 429, headers: { "content-length": "0" } }),
      { maxRetries: 2 },
    );
    await fail(
      client.messages.countTokens({ model: "m", messages: [{ role: "user", content: "x" }] }),
    );
    const error = await fail(
      client.messages.countTokens({ model: "m", messages: [{ role: "user", content: "x" }] }),
    );
    expect(error).toMatchObject({ kind: "unsupported", code: "unsupported_by_gateway" });
    expect(requests).toHaveLength(1);
  });

  it("a concurrent call's 429 is not retried once another call found the operation unrouted, and is unsupported", async () => {
    let releaseSecond: () => void = () => {};
    const firstDone = new Promise<void>((resolve) => (releaseSecond = resolve));
    const { client, requests } = gateway(
      async (request) => {
        if ((await request.clone().text()).includes('"x"')) return NO_ROUTE(request);
        await firstDone;
        return new Response("", { status: 429, headers: { "content-length": "0" } });
      },
      { maxRetries: 2 },
    );
    const second = fail(
      client.responses.countInputTokens({ model: "m", input: "y" }).then(() => undefined),
    );
    const first = await fail(client.responses.countInputTokens({ model: "m", input: "x" }));
    expect(first).toMatchObject({ kind: "unsupported" });
    releaseSecond();
    expect(await second).toMatchObject({
      kind: "unsupported",
      status: 429,
      code: "unsupported_by_gateway",
    });
    expect(requests).toHaveLength(2);
  });

  it('an empty 429 (Content-Length: 0) is envelope kind empty, not the text ""', async () => {
    const { client } = answering(429, "", { "content-length": "0" });
    const error = await fail(client.responses.create({ model: "m", input: "x" }));
    expect(error).toMatchObject({
      kind: "rate_limited",
      status: 429,
      code: "http_429",
      envelope: { kind: "empty" },
    });
  });
});

describe("5. no billed work lost", () => {
  it("a 403 on an image-task poll keeps the task id, and says how to resume", async () => {
    const { client } = answering(
      403,
      envelope("This token has no access to model  (request id: rid-1)", ""),
    );
    const error = await fail(client.images.getTask("task_0123456789abcdef0123456789abcdef"));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ taskId: "task_0123456789abcdef0123456789abcdef" });
    expect((error as Error).message).toMatch(
      /task task_0123456789abcdef0123456789abcdef was submitted .* poll the task with another key of the same user/,
    );
  });

  it("compact under a restricted key names the <model>-openai-compact model it was refused for", async () => {
    const { client } = answering(403, envelope("该令牌无权访问模型 gpt-5.2-openai-compact", ""));
    const error = await fail(client.responses.compact({ model: "gpt-5.2", input: "x" }));
    expect((error as Error).message).toContain(
      "checks compact calls against the model gpt-5.2-openai-compact",
    );
  });

  it("image requests without a model are refused before sending", async () => {
    const { client, requests } = answering(200, "{}");
    for (const call of [
      (c: GatewayClient) => c.images.generate({ prompt: "a cat" } as never),
      (c: GatewayClient) => c.images.submit({ model: " ", prompt: "a cat" }),
    ]) {
      const error = await fail(call(client));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ code: "invalid_argument", param: "model" });
    }
    expect(requests).toHaveLength(0);
  });
});

describe("7. limits and shapes as the source has them", () => {
  it("a Gemini stream carrying a 3 MB inline image in one data line passes the default caps", async () => {
    const image = "A".repeat(3 * 1024 * 1024);
    const chunk = `data: ${JSON.stringify({ candidates: [{ index: 0, content: { role: "model", parts: [{ inlineData: { mimeType: "image/png", data: image } }] }, finishReason: "STOP" }] })}\n\n`;
    const folded = await collectGenerateContent(
      await answering(200, chunk, SSE_HEADERS).client.gemini.streamGenerateContent(
        "gemini-2.5-flash-image",
        GEMINI_BODY,
      ),
    );
    expect(
      (folded.candidates![0]!.content!.parts![0] as { inlineData: { data: string } }).inlineData
        .data,
    ).toHaveLength(image.length);
  });

  it("an upstream error normalised with a numeric code is classified by its status", async () => {
    const { client } = answering(
      429,
      envelope("Resource has been exhausted", 429, "upstream_error"),
    );
    const error = await fail(client.gemini.generateContent("gemini-2.5-flash", GEMINI_BODY));
    expect(error).toMatchObject({
      kind: "rate_limited",
      code: "429",
      envelope: { kind: "openai", error: { code: 429, type: "upstream_error" } },
    });
  });

  it("the error's request id is the gateway's X-Oneapi-Request-Id, not an X-Request-Id a proxy added", async () => {
    const { client } = answering(401, envelope("Invalid token", ""), {
      ...JSON_HEADERS,
      "x-request-id": "proxy-id",
      "x-oneapi-request-id": "gateway-id",
    });
    expect(await fail(client.responses.create({ model: "m", input: "x" }))).toMatchObject({
      requestId: "gateway-id",
    });
  });
});
