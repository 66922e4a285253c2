import { json, scriptedFetch } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { apiPromise, createResilientFetch } from "../src/index.js";

describe("apiPromise", () => {
  it("awaits to the data; withResponse gives the data, the response and its metadata", async () => {
    const { fetch } = scriptedFetch([
      json(503, { code: "x" }, { "retry-after": "0" }),
      json(
        200,
        { ok: true },
        {
          etag: '"e1"',
          "x-request-id": "req-7",
          "cache-control": "public, max-age=30, s-maxage=60",
        },
      ),
    ]);
    const rf = createResilientFetch({ fetch, sleep: async () => {} });
    const call = () =>
      apiPromise(
        rf("https://feed.example/x").then(async (response) => ({
          data: (await response.json()) as { ok: boolean },
          response,
        })),
      );
    // The first call meets the 503 and retries; the second is answered at once.
    const { data, response, meta } = await call().withResponse();
    expect(data).toEqual({ ok: true });
    expect(response.status).toBe(200);
    expect(meta).toMatchObject({
      status: 200,
      requestId: "req-7",
      etag: '"e1"',
      maxAgeMs: 30_000,
      sMaxAgeMs: 60_000,
      attempts: 2,
    });
    expect(await call()).toEqual({ ok: true });
  });

  it("a failure rejects both ways, and using only withResponse leaves no unhandled rejection", async () => {
    const failing = () => apiPromise<number>(Promise.reject(new Error("boom")));
    await expect(failing()).rejects.toThrow("boom");
    await expect(failing().withResponse()).rejects.toThrow("boom");
  });
});
