// The gateway as its source behaves, third reading (issue 31; shared/reference/gateway-source-facts-3.md).
// Each answer is scripted in a custom fetch, exactly as the source writes it.
import { describe, expect, it } from "vitest";
import {
  InvalidRequestError,
  isTransientError,
  NotFoundError,
  ServerError,
  UnsupportedError,
} from "../../src/index.js";
import {
  answering,
  envelope,
  fail,
  scriptedGateway as gateway,
  JSON_HEADERS,
} from "../support/scripted-gateway.js";

const noRoute = (path: string) =>
  envelope(`Invalid URL (POST ${path})`, "", "invalid_request_error");
const IMAGE = { model: "m", prompt: "p" };

describe("M1: a relayed NoRoute never switches a routed operation off", () => {
  it("a NoRoute-shaped 404 without the gateway's cache header fails this call only", async () => {
    let calls = 0;
    const { client, requests } = gateway((request) =>
      calls++ === 0
        ? new Response(noRoute(new URL(request.url).pathname), {
            status: 404,
            headers: JSON_HEADERS,
          })
        : Response.json({ id: "resp_1", object: "response", status: "completed", output: [] }),
    );
    const error = await fail(client.responses.create({ model: "chained", input: "x" }));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toMatch(/upstream channel, which lacks this route/);
    await client.responses.create({ model: "other", input: "x" });
    expect(requests).toHaveLength(2);
  });

  it("the gateway's own NoRoute (Cache-Control: max-age=604800) is still remembered", async () => {
    const { client, requests } = answering(404, noRoute("/v1/responses"), {
      ...JSON_HEADERS,
      "cache-control": "max-age=604800",
    });
    expect(await fail(client.responses.create({ model: "m", input: "x" }))).toBeInstanceOf(
      UnsupportedError,
    );
    await fail(client.responses.create({ model: "m", input: "x" }));
    expect(requests).toHaveLength(1);
  });
});

describe("M3/M4/M12: no good key blamed", () => {
  it("a relayed 401 (the channel's own credential) is unavailable, keeps its code, and says so", async () => {
    const body = envelope("Incorrect API key provided", "invalid_api_key", "invalid_request_error");
    const error = await fail(
      answering(401, body).client.responses.create({ model: "m", input: "x" }),
    );
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ kind: "unavailable", code: "invalid_api_key", status: 401 });
    expect(error.message).toMatch(/operator's credential there was refused, not your key/);
  });

  it("a relayed Google 403 PERMISSION_DENIED is the operator's channel too", async () => {
    const body = JSON.stringify({
      error: { code: 403, message: "denied", status: "PERMISSION_DENIED" },
    });
    const error = await fail(
      answering(403, body).client.gemini.generateContent("gemini-2.5-flash", { contents: [] }),
    );
    expect(error).toMatchObject({ kind: "unavailable", code: "PERMISSION_DENIED" });
  });

  it("the gateway's own 401 says it also means a disabled, expired or exhausted key", async () => {
    const error = await fail(
      answering(401, envelope("Invalid token", "")).client.responses.create({
        model: "m",
        input: "x",
      }),
    );
    expect(error).toMatchObject({ kind: "authentication" });
    expect(error.message).toMatch(/wrong, disabled, expired, or out of its own quota/);
  });

  it("pre_consume_token_quota_failed is a final PermissionDeniedError", async () => {
    const body = envelope(
      "token quota is not enough, token remain quota: 1, need quota: 9",
      "pre_consume_token_quota_failed",
    );
    const error = await fail(
      answering(403, body).client.responses.create({ model: "m", input: "x" }),
    );
    expect(error).toMatchObject({
      kind: "permission_denied",
      code: "pre_consume_token_quota_failed",
    });
    expect(isTransientError(error)).toBe(false);
  });

  it("a key that pins a channel gets its 403 explained", async () => {
    const body = envelope("普通用户不支持指定渠道", "");
    const error = await fail(
      answering(403, body).client.responses.create({ model: "m", input: "x" }),
    );
    expect(error.message).toMatch(/channel to pin, which only admins may do/);
  });
});

describe("M7: an async submit to a channel without an async endpoint", () => {
  it("a relayed 404 on submit is unsupported (async_unsupported), saying nothing was billed", async () => {
    const body = envelope("openai_error", "bad_response_status_code", "bad_response_status_code");
    const error = await fail(answering(404, body).client.images.submit(IMAGE));
    expect(error).toBeInstanceOf(UnsupportedError);
    expect(error).toMatchObject({ code: "async_unsupported", status: 404 });
    expect(error.message).toMatch(/nothing was billed/);
  });
});

describe("M8/N2/M4: classes of the gateway's final answers", () => {
  it("bad_response_body is final", async () => {
    const error = await fail(
      answering(500, envelope("bad response body", "bad_response_body")).client.responses.create({
        model: "m",
        input: "x",
      }),
    );
    expect(isTransientError(error)).toBe(false);
  });

  it("model_price_error is unavailable and final", async () => {
    const error = await fail(
      answering(400, envelope("model price not set", "model_price_error")).client.images.generate(
        IMAGE,
      ),
    );
    expect(error).toMatchObject({ kind: "unavailable", code: "model_price_error" });
    expect(isTransientError(error)).toBe(false);
  });

  it.each(["convert_request_failed", "sensitive_words_detected"])(
    "a 500 %s says the request must change",
    async (code) => {
      const error = await fail(
        answering(500, envelope(code, code)).client.responses.create({ model: "m", input: "x" }),
      );
      expect(error).toBeInstanceOf(InvalidRequestError);
    },
  );
});

describe("N15: a billed POST's 429 is not repeated inside the limiter's window", () => {
  it("an empty 429 on a create is answered once; with a retryDelay it is repeated", async () => {
    const limited = gateway(() => new Response("", { status: 429 }), { maxRetries: 2 });
    await fail(limited.client.responses.create({ model: "m", input: "x" }));
    expect(limited.requests).toHaveLength(1);
    const retryInfo = { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "0s" };
    const busy = {
      error: { code: 429, status: "RESOURCE_EXHAUSTED", message: "slow", details: [retryInfo] },
    };
    let calls = 0;
    const delayed = gateway(
      () =>
        calls++ === 0
          ? new Response(JSON.stringify(busy), { status: 429, headers: JSON_HEADERS })
          : Response.json({ candidates: [] }),
      { maxRetries: 1 },
    );
    await delayed.client.gemini.generateContent("gemini-2.5-flash", { contents: [] });
    expect(delayed.requests).toHaveLength(2);
  });
});

describe("N18: no client-wide header reaches a bodyless GET", () => {
  it("a Content-Type in the client's headers is not sent on the task poll", async () => {
    const { client, requests } = gateway(
      (request) =>
        request.headers.has("content-type")
          ? new Response(envelope("Invalid request", ""), { status: 400, headers: JSON_HEADERS })
          : Response.json({ task_id: "task_1", status: "queued" }),
      { headers: { "Content-Type": "application/json" } },
    );
    expect(await client.images.getTask("task_1")).toMatchObject({ status: "queued" });
    expect(requests[0]!.headers.get("content-type")).toBeNull();
  });
});

describe("M5: a Gemini prompt block in a stream ends it", () => {
  it("a chunk with promptFeedback.blockReason and no candidates is terminal, never stream_truncated", async () => {
    const chunk = { promptFeedback: { blockReason: "PROHIBITED_CONTENT" } };
    const { client } = answering(200, `data: ${JSON.stringify(chunk)}\n\n`, {
      "content-type": "text/event-stream",
    });
    const seen: unknown[] = [];
    for await (const event of await client.gemini.streamGenerateContent("gemini-2.5-flash", {
      contents: [],
    }))
      seen.push(event);
    expect(seen).toEqual([chunk]);
  });
});

describe("M6: billed image answers are read up to the stream caps", () => {
  it("a 40 MiB image answer is read whole by default", async () => {
    const b64 = "A".repeat(40 * 1024 * 1024);
    const { client } = answering(200, JSON.stringify({ created: 1, data: [{ b64_json: b64 }] }));
    const result = (await client.images.generate(IMAGE)) as { data: Array<{ b64_json: string }> };
    expect(result.data[0]!.b64_json).toHaveLength(b64.length);
  });

  it("an over-cap answer says the call was billed", async () => {
    const { client } = gateway(
      () => Response.json({ created: 1, data: [{ b64_json: "A".repeat(4096) }] }),
      { maxResponseBytes: 1024 },
    );
    const error = await fail(client.images.generate(IMAGE));
    expect(error).toMatchObject({ kind: "response_too_large" });
    expect(error.message).toMatch(/the call was billed/);
  });
});

describe("M11: a non-stream call answered as an event stream", () => {
  it("generateContent folds the chunks into one answer", async () => {
    const chunk = (text: string, finishReason?: string) =>
      `data: ${JSON.stringify({ candidates: [{ index: 0, content: { role: "model", parts: [{ text }] }, ...(finishReason && { finishReason }) }], modelVersion: "g" })}\n\n`;
    const { client } = answering(200, chunk("Hel") + chunk("lo", "STOP"), {
      "content-type": "text/event-stream",
    });
    const answer = await client.gemini.generateContent("gemini-2.5-flash", { contents: [] });
    expect(answer.candidates?.[0]).toMatchObject({
      finishReason: "STOP",
      content: { role: "model", parts: [{ text: "Hel" }, { text: "lo" }] },
    });
  });
});

describe("N3: the web limiter's empty 429 is not fed", () => {
  it("an empty 429 on a first count call (maybe unrouted) is not retried", async () => {
    const { client, requests } = gateway(() => new Response("", { status: 429 }), {
      maxRetries: 2,
    });
    await fail(client.messages.countTokens({ model: "m", messages: [] }));
    expect(requests).toHaveLength(1);
  });
});
