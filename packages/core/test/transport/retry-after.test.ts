import { getRequest, json, problem, recordingSleep, scriptedFetch } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { createResilientFetch, isFeedgateError, monotonicNow } from "../../src/index.js";

const ok = () => json(200, { ok: true });
const NOW = Date.parse("2026-11-20T00:00:00Z");

function transport(
  script: Parameters<typeof scriptedFetch>[0],
  options: Parameters<typeof createResilientFetch>[0] = {},
) {
  const stub = scriptedFetch(script);
  const { sleep, waits } = recordingSleep();
  const rf = createResilientFetch({
    fetch: stub.fetch,
    sleep,
    random: () => 0.5,
    now: () => NOW,
    ...options,
  });
  return { rf, seen: stub.seen, waits };
}

describe("server-directed waits are honoured exactly", () => {
  it("Retry-After in delta-seconds", async () => {
    const { rf, waits } = transport([problem(429, "rate_limited", { "retry-after": "7" }), ok()]);
    await rf(getRequest());
    expect(waits).toEqual([7000]);
  });

  it("Retry-After as an HTTP-date (and a past date means now)", async () => {
    const date = new Date(NOW + 12_000).toUTCString();
    const future = transport([problem(503, "x", { "retry-after": date }), ok()]);
    await future.rf(getRequest());
    expect(future.waits).toEqual([12_000]);
    const past = transport([
      problem(503, "x", { "retry-after": new Date(NOW - 5000).toUTCString() }),
      ok(),
    ]);
    await past.rf(getRequest());
    expect(past.waits).toEqual([0]);
  });

  it("retry-after-ms", async () => {
    const { rf, waits } = transport([problem(429, "x", { "retry-after-ms": "1250.5" }), ok()]);
    await rf(getRequest());
    expect(waits).toEqual([1250.5]);
  });

  it("the longest of several hints, so no hint is ever undercut", async () => {
    const { rf, waits } = transport([
      problem(429, "x", { "retry-after-ms": "900", "retry-after": "2" }),
      ok(),
    ]);
    await rf(getRequest());
    expect(waits).toEqual([2000]);
  });

  it("a wait the policy's hook read from the body, the longest of it and the headers winning", async () => {
    const retry = {
      shouldRetry: ({ body }: { body: unknown }) => ({
        retryAfterMs: (body as { wait?: number } | undefined)?.wait,
      }),
    };
    const fromBody = transport([json(429, { wait: 12_000 }), ok()], { retry });
    await fromBody.rf(getRequest());
    expect(fromBody.waits).toEqual([12_000]);
    const fromHeader = transport([json(429, { wait: 1000 }, { "retry-after": "3" }), ok()], {
      retry,
    });
    await fromHeader.rf(getRequest());
    expect(fromHeader.waits).toEqual([3000]);
  });

  it("fails with retry_too_long, carrying the wait, when the server asks for more than maxRetryAfterMs", async () => {
    const { rf, seen, waits } = transport(
      [problem(429, "rate_limited", { "retry-after": "120" }), ok()],
      {
        maxRetryAfterMs: 60_000,
        // The service's code comes from the client's hook (core reads no body).
        retry: { shouldRetry: ({ body }) => ({ code: (body as { code?: string }).code }) },
      },
    );
    const error = await rf(getRequest()).catch((e: unknown) => e);
    expect(isFeedgateError(error, "retry_too_long")).toBe(true);
    expect(error).toMatchObject({
      retryAfterMs: 120_000,
      status: 429,
      code: "rate_limited",
      requestId: "req-1",
    });
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("does not wait past the deadline: returns the answer with its Retry-After for the caller", async () => {
    const { rf, seen } = transport([problem(503, "x", { "retry-after": "30" }), ok()], {
      deadlineMs: 10_000,
    });
    const response = await rf(getRequest());
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(seen).toHaveLength(1);
  });

  it("with the real timer, never retries earlier than asked", async () => {
    const stub = scriptedFetch([
      problem(429, "x", { "retry-after-ms": "60" }),
      problem(503, "x", { "retry-after-ms": "40" }),
      ok(),
    ]);
    const rf = createResilientFetch({ fetch: stub.fetch });
    const started = monotonicNow();
    expect((await rf(getRequest())).status).toBe(200);
    const [a, b, c] = stub.seen.map((s) => s.at);
    expect(b! - a!).toBeGreaterThanOrEqual(60);
    expect(c! - b!).toBeGreaterThanOrEqual(40);
    expect(monotonicNow() - started).toBeLessThan(2000);
  });
});
