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

  it("Gemini's RetryInfo.retryDelay in the google error envelope", async () => {
    const body = {
      error: {
        code: 429,
        message: "Resource has been exhausted",
        status: "RESOURCE_EXHAUSTED",
        details: [
          { "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [] },
          { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "12s" },
        ],
      },
    };
    const { rf, waits } = transport([json(429, body), ok()]);
    await rf(getRequest("https://gw.example/v1beta/models/gemini-2.5-flash:generateContent", {}));
    expect(waits).toEqual([12_000]);
  });

  it("the feed Problem's retryAfter seconds when no header carries it", async () => {
    const { rf, waits } = transport([
      problem(503, "temporarily_unavailable", {}, { retryAfter: 5 }),
      ok(),
    ]);
    await rf(getRequest());
    expect(waits).toEqual([5000]);
  });

  it("fails with retry_too_long, carrying the wait, when the server asks for more than maxRetryAfterMs", async () => {
    const { rf, seen, waits } = transport(
      [problem(429, "rate_limited", { "retry-after": "120" }), ok()],
      { maxRetryAfterMs: 60_000 },
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
