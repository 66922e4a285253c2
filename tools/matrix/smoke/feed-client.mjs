// Smoke test of @feedgate/feed-client: plain node:assert, runs unchanged in Node, Bun, Deno
// and (bundled) a browser. `expected` comes from the smoke server (spec examples).
import assert from "node:assert/strict";
import { ConfigError, createFeedClient, errorOfResult, NotFoundError } from "@feedgate/feed-client";

/** @param {string} baseUrl  @param {Record<string, any>} expected */
export default async function smokeFeedClient(baseUrl, expected) {
  const feed = createFeedClient({ baseUrl });

  const hot = await feed.GET("/api/v1/hot-topics");
  assert.equal(hot.response.status, 200);
  assert.equal(hot.data?.items.length, expected.hotTopicsCount);
  assert.equal(hot.data?.items[0]?.title, expected.firstHotTopicTitle); // UTF-8 survives decoding

  const etag = hot.response.headers.get("etag");
  assert.ok(etag, "the hot topics carry an ETag");
  const unchanged = await feed.GET("/api/v1/hot-topics", { headers: { "If-None-Match": etag } });
  assert.equal(unchanged.response.status, 304);
  assert.equal(errorOfResult(unchanged), undefined, "a 304 is not a failure");

  const missing = await feed.GET("/api/v1/stories/{publicId}", {
    params: { path: { publicId: "no-such-story" } },
  });
  const problem = errorOfResult(missing);
  assert.ok(problem instanceof NotFoundError);
  assert.equal(problem.status, 404);
  assert.equal(problem.code, expected.notFoundCode);

  assert.throws(
    () => createFeedClient({ baseUrl, headers: { Authorization: "Bearer x" } }),
    ConfigError,
  );
}
