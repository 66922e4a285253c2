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
import { partialJson } from "./partial-json.js";

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

  it("asks the policy's hook about every failed attempt, and never retries what it calls final", async () => {
    const asked: Array<number | undefined> = [];
    const retry = {
      shouldRetry: ({ status, body }: { status: number | undefined; body: unknown }) => {
        asked.push(status);
        return (body as { code?: string } | undefined)?.code === "final_code"
          ? { retry: false }
          : undefined;
      },
    };
    const final = transport([json(503, { code: "final_code" }), ok()], { retry });
    expect((await final.rf(getRequest())).status).toBe(503);
    expect(final.seen).toHaveLength(1);
    const other = transport([json(503, { code: "other" }), connectionError(), ok()], { retry });
    expect((await other.rf(getRequest())).status).toBe(200);
    expect(other.seen).toHaveLength(3);
    expect(asked).toEqual([503, 503, undefined]);
  });

  it("a per-call policy (withOptions) replaces the hook and keeps the transport's other data", async () => {
    const { rf, seen } = transport([problem(429, "x"), problem(429, "x"), ok()], {
      retry: { statusCodes: [429] },
    });
    let allowed = 1;
    const response = await rf.withOptions({
      retry: { shouldRetry: () => (allowed-- > 0 ? undefined : { retry: false }) },
    })(getRequest());
    expect(response.status).toBe(429);
    expect(seen).toHaveLength(2);
  });

  it("retries only the statuses the policy's data names", async () => {
    const { rf, seen } = transport([problem(500, "x"), ok()], { retry: { statusCodes: [503] } });
    expect((await rf(getRequest())).status).toBe(500);
    expect(seen).toHaveLength(1);
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
  const url = "https://svc.example/v1/things";
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

  it("are retried on anything retryable when the policy's hook calls the request safe to repeat", async () => {
    const retry = {
      shouldRetry: ({ request }: { request: Request }) =>
        new URL(request.url).pathname.endsWith("/free") ? { retry: true } : undefined,
    };
    const free = transport([problem(500, "x"), connectionError("UND_ERR_SOCKET"), ok()], { retry });
    expect((await free.rf(postRequest("https://svc.example/v1/free"))).status).toBe(200);
    expect(free.seen).toHaveLength(3);
    const billed = transport([problem(500, "x"), ok()], { retry });
    expect((await billed.rf(postRequest(url))).status).toBe(500);
    expect(billed.seen).toHaveLength(1);
  });

  it("follow the policy's data: other methods and refused statuses", async () => {
    const { rf, seen } = transport([problem(500, "x"), ok()], {
      retry: { methods: ["POST"], refusedStatusCodes: [] },
    });
    expect((await rf(postRequest(url))).status).toBe(200);
    expect(seen).toHaveLength(2);
    const noRefused = transport([problem(429, "x"), ok()], { retry: { refusedStatusCodes: [] } });
    expect((await noRefused.rf(postRequest(url))).status).toBe(429);
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
    const truncated = partialJson('{"ok":', new TypeError("terminated"));
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
