import { fromRoot, loadSpec } from "@feedgate/test-harness";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createFeedClient, type FeedClient } from "../../src/index.js";
import { CALLS } from "../operations.js";

const spec = loadSpec(fromRoot("specs/feed/dist/openapi-v1.json"));
let client: FeedClient;

beforeAll(() => {
  client = createFeedClient({ baseUrl: inject("prismUrl"), maxRetries: 0 });
});

/** The header names an operation's response declares, lower-cased. */
function declaredHeaders(operationId: string, status: number): string[] {
  const headers = (spec.responseOf(operationId, status)["headers"] ?? {}) as Record<
    string,
    unknown
  >;
  return Object.keys(headers).map((h) => h.toLowerCase());
}

describe("every operation answers 200 through the typed client", () => {
  it("covers every operation of the document", () => {
    expect(Object.keys(CALLS).sort()).toEqual(
      spec
        .operations()
        .map((o) => o.operationId)
        .sort(),
    );
  });

  for (const operationId of Object.keys(CALLS)) {
    it(`${operationId}: 200, spec-valid body, declared headers, no violations`, async () => {
      const { data, error, response } = await CALLS[operationId]!(client);
      expect(response.headers.get("sl-violations")).toBeNull();
      expect(response.status).toBe(200);
      expect(error).toBeUndefined();
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const result = spec.validateResponse(operationId, 200, data);
      expect(result.text).toBe("");
      expect(result.valid).toBe(true);
      const headers = declaredHeaders(operationId, 200);
      expect(headers).toEqual(expect.arrayContaining(["etag", "cache-control"]));
      for (const name of headers) {
        const value = response.headers.get(name);
        expect(value, `header ${name}`).toBeTruthy();
        // Prism fills headers without an example with the placeholder "string".
        expect(value, `header ${name}`).not.toBe("string");
      }
    });
  }
});

describe("conditional and redirect answers", () => {
  for (const operationId of Object.keys(CALLS)) {
    it(`${operationId}: 304 carries ETag and Cache-Control and no body`, async () => {
      const { data, error, response } = await CALLS[operationId]!(client, {
        headers: { Prefer: "code=304", "If-None-Match": 'W/"v1-demo"' },
      });
      expect(response.headers.get("sl-violations")).toBeNull();
      expect(response.status).toBe(304);
      expect(data).toBeUndefined();
      // openapi-fetch reports a 304 as error === "" (no body): the kit turns it into "unchanged".
      expect(error).toBe("");
      expect(response.headers.get("etag")).toMatch(/^(W\/)?"/);
      expect(response.headers.get("cache-control")).toMatch(/max-age/);
    });
  }

  it("storyByPublicId: 308 names the surviving story in Location", async () => {
    const { data, response } = await CALLS["storyByPublicId"]!(client, {
      headers: { Prefer: "code=308" },
      // Prism re-sends Prefer on every hop, so following the redirect would loop.
      redirect: "manual",
    });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(308);
    expect(data).toBeUndefined();
    expect(response.headers.get("location")).toMatch(/^\/api\/v1\/stories\/[0-9a-f-]{36}$/);
  });
});
