import { describe, expect, it } from "vitest";
import { createResilientFetch, getResponseMeta } from "../../src/index.js";

// Issue 24: 0.1.0's `ResponseMeta.retries` lives on for one minor, deprecated, as `attempts - 1`.
describe("ResponseMeta.retries (deprecated)", () => {
  it("is attempts - 1, and hidden from JSON and deep equality", async () => {
    let calls = 0;
    const fetch = async () =>
      ++calls === 1
        ? new Response("busy", { status: 503, headers: { "retry-after": "0" } })
        : new Response("{}", { status: 200 });
    const transport = createResilientFetch({ fetch, initialDelayMs: 1, maxDelayMs: 1 });
    const meta = getResponseMeta(await transport("http://127.0.0.1:9/x"));
    expect(meta.attempts).toBe(2);
    expect(meta.retries).toBe(1);
    expect(Object.keys(meta)).not.toContain("retries");
    expect(JSON.parse(JSON.stringify(meta))).not.toHaveProperty("retries");
  });
});
