import { getRequest, hanging, json, problem, scriptedFetch } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import {
  createResilientFetch,
  isFeedgateError,
  monotonicNow,
  type ResilientFetchOptions,
} from "../../src/index.js";
import { partialJson } from "./partial-json.js";

const ok = () => json(200, { ok: true });

/** A transport over a fetch that answers from `script`, and the fetch's record of requests. */
function scripted(
  script: Parameters<typeof scriptedFetch>[0],
  options: ResilientFetchOptions = {},
) {
  const stub = scriptedFetch(script);
  return { stub, rf: createResilientFetch({ fetch: stub.fetch, ...options }) };
}

describe("timeouts, deadline and abort", () => {
  it("times out a hanging attempt and retries a GET", async () => {
    const { stub, rf } = scripted([hanging, ok()], { timeoutMs: 30, initialDelayMs: 1 });
    expect((await rf(getRequest())).status).toBe(200);
    expect(stub.seen).toHaveLength(2);
    expect(stub.seen[0]!.signal.aborted).toBe(true);
  });

  it("fails with kind timeout (attempt_timeout) when every attempt hangs", async () => {
    const { rf } = scripted([hanging], { timeoutMs: 20, initialDelayMs: 1, maxRetries: 1 });
    const error = await rf(getRequest()).catch((e: unknown) => e);
    expect(isFeedgateError(error, "timeout")).toBe(true);
    expect(error).toMatchObject({ code: "attempt_timeout", attempts: 2 });
  });

  it("the per-attempt timeout also covers a body that stalls", async () => {
    const stalled = partialJson("{");
    const { rf } = scripted([stalled], { timeoutMs: 30, maxRetries: 0 });
    const error = await rf(getRequest()).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "timeout", code: "attempt_timeout" });
  });

  it("stops at the overall deadline, with kind timeout (deadline_exceeded)", async () => {
    const { rf } = scripted([hanging], { timeoutMs: 1000, deadlineMs: 40, maxRetries: 5 });
    const started = monotonicNow();
    const error = await rf(getRequest()).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "timeout", code: "deadline_exceeded" });
    expect(monotonicNow() - started).toBeLessThan(500);
  });

  it("per-call overrides of timeoutMs and deadlineMs", async () => {
    const { rf } = scripted([hanging], { timeoutMs: 60_000, maxRetries: 0 });
    const error = await rf
      .withOptions({ timeoutMs: 20 })(getRequest())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "timeout", code: "attempt_timeout" });
  });

  it("the caller's signal aborts an attempt in flight: kind aborted, no retry", async () => {
    const { stub, rf } = scripted([hanging, ok()]);
    const controller = new AbortController();
    const pending = rf(new Request("https://feed.example/x", { signal: controller.signal }));
    setTimeout(() => controller.abort(), 10);
    const error = await pending.catch((e: unknown) => e);
    expect(isFeedgateError(error, "aborted")).toBe(true);
    expect(stub.seen).toHaveLength(1);
  });

  it("the caller's signal interrupts a wait between attempts promptly", async () => {
    const { stub, rf } = scripted([problem(503, "x", { "retry-after": "30" }), ok()]);
    const controller = new AbortController();
    const started = monotonicNow();
    const pending = rf.withOptions({ signal: controller.signal })(getRequest());
    setTimeout(() => controller.abort(), 20);
    const error = await pending.catch((e: unknown) => e);
    expect(isFeedgateError(error, "aborted")).toBe(true);
    expect(monotonicNow() - started).toBeLessThan(1000);
    expect(stub.seen).toHaveLength(1);
  });

  it("a signal that fires while the request body is read first still cancels the call", async () => {
    // The body is read before the first attempt; an abort in that window used to be missed, and
    // the attempt then hung on a fetch no signal would end.
    const { rf } = scripted([hanging]);
    const controller = new AbortController();
    const pending = rf.withOptions({ signal: controller.signal })(
      new Request("https://gateway.example/v1/responses", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"model":"m"}',
      }),
    );
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isFeedgateError(error, "aborted")).toBe(true);
  });

  it("an already-aborted signal sends nothing", async () => {
    const { stub, rf } = scripted([ok()]);
    const error = await rf(
      new Request("https://feed.example/x", { signal: AbortSignal.abort() }),
    ).catch((e: unknown) => e);
    expect(isFeedgateError(error, "aborted")).toBe(true);
    expect(stub.seen).toHaveLength(0);
  });

  it("a caller's AbortSignal.timeout reads as kind timeout", async () => {
    const { rf } = scripted([hanging]);
    const error = await rf(
      new Request("https://feed.example/x", { signal: AbortSignal.timeout(20) }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "timeout", code: "signal_timeout" });
  });

  it("a streamed answer outlives the attempt timeout and deadline", async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const sse = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            controller = c;
          },
        }),
        { status: 200, headers: { "content-type": "text/event-stream" } },
      );
    const { stub, rf } = scripted([sse], { timeoutMs: 10, deadlineMs: 20 });
    const response = await rf(getRequest());
    await new Promise((r) => setTimeout(r, 50));
    controller.enqueue(new TextEncoder().encode("data: late\n\n"));
    controller.close();
    expect(await response.text()).toBe("data: late\n\n");
    expect(stub.seen[0]!.signal.aborted).toBe(false);
  });
});
