// Issue 24, item 3: createFeedKit takes `maxRetries` and `timeoutMs` at the top level, as
// createFeedClient does; the deprecated `retry` still works, and the top-level options win.

import { problem } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { stubKit } from "../support/feed-kit.js";

/** A fetch that never answers: it rejects only when the transport aborts the attempt. */
const hang = (request: Request) =>
  new Promise<Response>((_, reject) => {
    request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
  });

describe("createFeedKit's transport options", () => {
  it("top-level maxRetries: 0 makes one attempt on a 503", async () => {
    const { kit, seen } = stubKit([problem(503, "temporarily_unavailable")], { maxRetries: 0 });
    const error = await kit.hotTopics().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unavailable", status: 503, attempts: 1 });
    expect(seen).toHaveLength(1);
  });

  it("retries by default (2 retries: 3 attempts)", async () => {
    const { kit, seen } = stubKit([problem(503, "temporarily_unavailable")]);
    const error = await kit.hotTopics().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "unavailable", attempts: 3 });
    expect(seen).toHaveLength(3);
  });

  it("the deprecated retry.maxRetries still applies, and the top-level option wins over it", async () => {
    const alias = stubKit([problem(503, "temporarily_unavailable")], { retry: { maxRetries: 1 } });
    await alias.kit.hotTopics().catch(() => undefined);
    expect(alias.seen).toHaveLength(2);
    const both = stubKit([problem(503, "temporarily_unavailable")], {
      retry: { maxRetries: 1 },
      maxRetries: 0,
    });
    await both.kit.hotTopics().catch(() => undefined);
    expect(both.seen).toHaveLength(1);
  });

  it("top-level timeoutMs bounds each attempt", async () => {
    const { kit, seen } = stubKit([hang], { maxRetries: 0, timeoutMs: 50 });
    const error = await kit.hotTopics().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "timeout", code: "attempt_timeout", attempts: 1 });
    expect(error).toHaveProperty("message", expect.stringContaining("50 ms"));
    expect(seen[0]!.signal.aborted).toBe(true);
  });

  it("the kit's signal (core's ClientOptions) cancels its calls: an aborted one sends nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    const { kit, seen } = stubKit(
      [{ status: 200, body: { schemaVersion: 1, items: [] } } as never],
      {
        signal: controller.signal,
      },
    );
    const error = await kit.hotTopics().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "aborted" });
    expect(seen).toHaveLength(0);
  });

  it("a signal fired during a call ends it", async () => {
    const controller = new AbortController();
    const { kit } = stubKit([], { signal: controller.signal, fetch: hang });
    const call = kit.hotTopics().catch((e: unknown) => e);
    controller.abort();
    expect(await call).toMatchObject({ kind: "aborted" });
  });
});
