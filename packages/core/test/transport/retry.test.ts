import {
  connectionError,
  getRequest,
  json,
  postRequest,
  problem,
  recordingSleep,
  scriptedFetch,
} from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { createResilientFetch, getResponseMeta, isFeedgateError } from "../../src/index.js";

const ok = () =>
  json(
    200,
    { ok: true },
    { etag: 'W/"v1-hot-abc"', "cache-control": "public, max-age=60, s-maxage=60" },
  );

function transport(
  script: Parameters<typeof scriptedFetch>[0],
  options: Parameters<typeof createResilientFetch>[0] = {},
) {
  const stub = scriptedFetch(script);
  const { sleep, waits } = recordingSleep();
  const rf = createResilientFetch({ fetch: stub.fetch, sleep, random: () => 0, ...options });
  return { rf, seen: stub.seen, waits };
}

describe("retryable answers", () => {
  it.each([408, 429, 500, 502, 503, 504])(
    "retries a GET answered %i, then returns the success with its metadata",
    async (status) => {
      const { rf, seen } = transport([problem(status, "x"), ok()]);
      const response = await rf(getRequest());
      expect(response.status).toBe(200);
      expect(seen).toHaveLength(2);
      const meta = getResponseMeta(response);
      expect(meta).toMatchObject({
        status: 200,
        attempts: 2,
        maxAgeMs: 60000,
        sMaxAgeMs: 60000,
        etag: 'W/"v1-hot-abc"',
        cacheControl: "public, max-age=60, s-maxage=60",
      });
      expect(await response.json()).toEqual({ ok: true });
    },
  );

  it("makes 1 + maxRetries attempts (default 2) and returns the last failure for the client to report", async () => {
    const { rf, seen } = transport([problem(503, "temporarily_unavailable")]);
    const response = await rf(getRequest());
    expect(seen).toHaveLength(3);
    expect(response.status).toBe(503);
    expect(getResponseMeta(response)).toMatchObject({ attempts: 3, requestId: "req-1" });
    expect((await response.json()).code).toBe("temporarily_unavailable");
  });

  it("retries connection errors of a GET", async () => {
    const { rf, seen } = transport([connectionError(), connectionError(), ok()]);
    expect((await rf(getRequest())).status).toBe(200);
    expect(seen).toHaveLength(3);
  });

  it("fails with kind network, carrying the attempts, when connection errors persist", async () => {
    const { rf } = transport([connectionError()]);
    const error = await rf(getRequest()).catch((e: unknown) => e);
    expect(isFeedgateError(error, "network")).toBe(true);
    expect(error).toMatchObject({ attempts: 3, code: "UND_ERR_SOCKET" });
  });
});

describe("answers that repeating cannot fix", () => {
  it.each([400, 401, 403, 404, 405, 409, 413, 422])("never retries %i", async (status) => {
    const { rf, seen } = transport([problem(status, "x"), ok()]);
    expect((await rf(getRequest())).status).toBe(status);
    expect(seen).toHaveLength(1);
  });

  it("never retries the gateway's 503 model_not_found", async () => {
    const body = {
      error: { message: "no channel", type: "new_api_error", code: "model_not_found" },
    };
    const { rf, seen } = transport([json(503, body), ok()]);
    expect((await rf(getRequest("https://gw.example/v1/responses/r1"))).status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it("never retries a quota 429 or a 403 insufficient_user_quota", async () => {
    const quota429 = transport([
      json(429, {
        error: { message: "quota", type: "insufficient_quota", code: "insufficient_quota" },
      }),
      ok(),
    ]);
    expect((await quota429.rf(getRequest())).status).toBe(429);
    expect(quota429.seen).toHaveLength(1);
    const quota403 = transport([
      json(403, {
        error: { message: "balance", type: "new_api_error", code: "insufficient_user_quota" },
      }),
      ok(),
    ]);
    expect((await quota403.rf(getRequest())).status).toBe(403);
    expect(quota403.seen).toHaveLength(1);
  });

  // Issue 20 (3): the 500s the gateway itself marks skip-retry, and the fork's `task_id is empty`.
  it.each([
    ["convert_request_failed", "not implemented"],
    ["sensitive_words_detected", "sensitive_words_detected"],
    ["count_token_failed", "count token failed"],
    ["channel:model_mapped_error", "mapping failed"],
    ["get_channel_failed", "no channel left"],
    ["invalid_api_type", "invalid api type"],
    ["bad_response_status_code", "task_id is empty"],
  ])(
    "never retries the gateway's final 500 %s (%s), even on an idempotent route",
    async (code, message) => {
      const body = { error: { message, type: "new_api_error", param: "", code } };
      const { rf, seen } = transport([json(500, body), ok()]);
      expect((await rf(getRequest("https://gw.example/v1/responses/r1"))).status).toBe(500);
      expect(seen).toHaveLength(1);
    },
  );

  it("still retries a 500 bad_response_status_code that is not the task_id case", async () => {
    const body = {
      error: {
        message: "openai_error",
        type: "bad_response_status_code",
        code: "bad_response_status_code",
      },
    };
    const { rf, seen } = transport([json(500, body), ok()]);
    expect((await rf(getRequest("https://gw.example/v1/responses/r1"))).status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it("asks a call's shouldRetry before each retry, and gives up when it says no", async () => {
    const { rf, seen } = transport([problem(429, "x"), problem(429, "x"), ok()]);
    let allowed = 1;
    const response = await rf.withOptions({ shouldRetry: () => allowed-- > 0 })(getRequest());
    expect(response.status).toBe(429);
    expect(seen).toHaveLength(2);
  });

  it("honours x-should-retry: false", async () => {
    const { rf, seen } = transport([problem(503, "x", { "x-should-retry": "false" }), ok()]);
    expect((await rf(getRequest())).status).toBe(503);
    expect(seen).toHaveLength(1);
  });
});

describe("backoff", () => {
  it("waits 0.5 s doubling per retry up to 8 s, plus up to 25% jitter (never shorter)", async () => {
    const noJitter = transport([problem(500, "x")], { maxRetries: 6, random: () => 0 });
    await noJitter.rf(getRequest());
    expect(noJitter.waits).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    const fullJitter = transport([problem(500, "x")], { maxRetries: 2, random: () => 0.999999 });
    await fullJitter.rf(getRequest());
    expect(fullJitter.waits[0]).toBeCloseTo(625, 1);
    expect(fullJitter.waits[1]).toBeCloseTo(1250, 1);
  });

  it("uses the configured backoff", async () => {
    const { rf, waits } = transport([problem(500, "x")], {
      initialDelayMs: 10,
      maxDelayMs: 25,
      jitter: 0,
      maxRetries: 3,
    });
    await rf(getRequest());
    expect(waits).toEqual([10, 20, 25]);
  });
});

describe("every attempt is a fresh copy of the request", () => {
  it("sends the same method, headers and body on each attempt of an idempotent request", async () => {
    const { rf, seen } = transport([problem(503, "x"), problem(503, "x"), ok()]);
    const request = new Request("https://feed.example/x", {
      method: "PUT",
      body: JSON.stringify({ n: 1 }),
      headers: { "content-type": "application/json", "x-trace": "t1" },
    });
    await rf(request);
    expect(seen.map((s) => [s.method, s.body, s.headers.get("x-trace")])).toEqual([
      ["PUT", '{"n":1}', "t1"],
      ["PUT", '{"n":1}', "t1"],
      ["PUT", '{"n":1}', "t1"],
    ]);
  });

  it("accepts fetch-style (url, init) arguments too", async () => {
    const { rf, seen } = transport([ok()]);
    await rf("https://feed.example/api/v1/hot-topics", { headers: { accept: "application/json" } });
    expect(seen[0]!.url).toBe("https://feed.example/api/v1/hot-topics");
  });

  it("never retries a request whose body is a stream (a non-replayable content type)", async () => {
    const { rf, seen } = transport([problem(503, "x", { "retry-after": "1" }), ok()]);
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode("bytes"));
        c.close();
      },
    });
    const request = new Request("https://gw.example/upload", {
      method: "PUT",
      body: stream,
      headers: { "content-type": "application/octet-stream" },
      duplex: "half",
    } as RequestInit);
    expect((await rf(request)).status).toBe(503);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.body).toBe("bytes");
  });
});

describe("non-idempotent POSTs", () => {
  const url = "https://gw.example/v1/responses";
  it("are not retried after a 500, a reset or a 503 without a server-directed wait", async () => {
    for (const answer of [
      problem(500, "x"),
      connectionError("UND_ERR_SOCKET"),
      problem(503, "x"),
    ]) {
      const { rf, seen } = transport([answer, ok()]);
      await rf(postRequest(url)).catch(() => undefined);
      expect(seen).toHaveLength(1);
    }
  });

  it("are retried after 429, 408, 503 with Retry-After, and a connection refused before sending", async () => {
    for (const answer of [
      problem(429, "x"),
      problem(408, "x"),
      problem(503, "x", { "retry-after": "1" }),
      connectionError("ECONNREFUSED"),
    ]) {
      const { rf, seen } = transport([answer, ok()]);
      expect((await rf(postRequest(url))).status).toBe(200);
      expect(seen).toHaveLength(2);
      expect(seen[1]!.body).toBe(JSON.stringify({ a: 1 }));
    }
  });

  it("are retried on anything retryable when declared idempotent", async () => {
    const { rf, seen } = transport([problem(500, "x"), ok()]);
    expect((await rf.withOptions({ idempotent: true })(postRequest(url))).status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it("token counting and cancel routes count as idempotent", async () => {
    for (const path of [
      "/v1/responses/input_tokens",
      "/v1/messages/count_tokens",
      "/v1/responses/resp_1/cancel",
    ]) {
      const { rf, seen } = transport([problem(500, "x"), ok()]);
      expect((await rf(postRequest(`https://gw.example${path}`))).status).toBe(200);
      expect(seen).toHaveLength(2);
    }
  });
});

describe("synchronous image generation", () => {
  it("is not retried by default, even on 429: a retry bills twice", async () => {
    const { rf, seen } = transport([problem(429, "x", { "retry-after": "1" }), ok()]);
    expect((await rf(postRequest("https://gw.example/v1/images/generations"))).status).toBe(429);
    expect(seen).toHaveLength(1);
  });

  it("is retried when syncImageMaxRetries or a per-call maxRetries allows it", async () => {
    const configured = transport([problem(429, "x"), ok()], { syncImageMaxRetries: 1 });
    expect(
      (await configured.rf(postRequest("https://gw.example/v1/images/generations"))).status,
    ).toBe(200);
    const perCall = transport([problem(429, "x"), ok()]);
    expect(
      (
        await perCall.rf.withOptions({ maxRetries: 1 })(
          postRequest("https://gw.example/v1/images/generations"),
        )
      ).status,
    ).toBe(200);
  });

  it("an async submission (async=true) follows the POST rule: retried on 429, not on 500", async () => {
    const on429 = transport([problem(429, "x"), ok()]);
    expect(
      (await on429.rf(postRequest("https://gw.example/v1/images/generations?async=true"))).status,
    ).toBe(200);
    const on500 = transport([problem(500, "x"), ok()]);
    expect(
      (await on500.rf(postRequest("https://gw.example/v1/images/generations?async=true"))).status,
    ).toBe(500);
    expect(on500.seen).toHaveLength(1);
  });
});

describe("answers that are not the service's", () => {
  it("retries an HTML page answered with 200 to a JSON request, then fails with invalid_response", async () => {
    const html = new Response("<html>portal</html>", {
      status: 200,
      headers: { "content-type": "text/html" },
    });
    const recovers = transport([html, ok()]);
    expect((await recovers.rf(getRequest())).status).toBe(200);
    const persists = transport([html]);
    const error = await persists.rf(getRequest()).catch((e: unknown) => e);
    expect(isFeedgateError(error, "invalid_response")).toBe(true);
    expect(persists.seen).toHaveLength(3);
  });

  it("retries a body cut short (read inside the attempt)", async () => {
    const truncated = () =>
      new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('{"ok":'));
            c.error(new TypeError("terminated"));
          },
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    const { rf, seen } = transport([truncated, ok()]);
    const response = await rf(getRequest());
    expect(await response.json()).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
  });

  it("serves a buffered answer like the original: status, headers, url, every way of reading it once, clones", async () => {
    const { rf } = transport([json(200, { ok: true, n: 1 }, { etag: '"e1"' })]);
    const response = await rf(getRequest());
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.ok, response.headers.get("etag")]).toEqual([
      200,
      true,
      '"e1"',
    ]);
    const copy = response.clone();
    expect(await response.json()).toEqual({ ok: true, n: 1 });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
    const bytes = new Uint8Array(await copy.arrayBuffer());
    expect(new TextDecoder().decode(bytes)).toBe('{"ok":true,"n":1}');
    await expect(copy.json()).rejects.toThrow(TypeError);
    const streamed = await rf(getRequest());
    expect(await new Response(streamed.body).text()).toBe('{"ok":true,"n":1}');
    expect(streamed.bodyUsed).toBe(true);
  });

  it("hands a streamed answer (text/event-stream) over unread", async () => {
    let pull = 0;
    const sse = () =>
      new Response(
        new ReadableStream({
          pull(c) {
            pull++;
            c.enqueue(new TextEncoder().encode("data: 1\n\n"));
            if (pull === 2) c.close();
          },
        }),
        { status: 200, headers: { "content-type": "text/event-stream" } },
      );
    const { rf } = transport([sse]);
    const response = await rf(postRequest("https://gw.example/v1/responses"));
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(await response.text()).toBe("data: 1\n\ndata: 1\n\n");
  });
});

describe("options", () => {
  it("refuses nonsensical options before any request", () => {
    for (const bad of [
      { maxRetries: -1 },
      { maxRetries: 1.5 },
      { timeoutMs: Number.NaN },
      { jitter: 2 },
    ]) {
      expect(() => createResilientFetch(bad)).toThrowError(
        expect.objectContaining({ kind: "config" }),
      );
    }
  });

  it("withOptions overrides maxRetries per call and leaves the base transport as it was", async () => {
    const { rf, seen } = transport([problem(503, "x")]);
    await rf.withOptions({ maxRetries: 0 })(getRequest());
    expect(seen).toHaveLength(1);
    await rf(getRequest());
    expect(seen).toHaveLength(4);
  });
});
