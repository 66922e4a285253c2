// Smoke test of @feedgate/kit's main and feed entries (web-standard runtime code): plain node:assert,
// runs unchanged in Node, Bun, Deno and (bundled) a browser. It exercises what differs most
// between runtimes: timers and AbortSignal in the retrying transport, Response handling, the
// conditional poller's first version, typed errors read by brand, and validation.
import assert from "node:assert/strict";
import { isFeedgateError } from "@feedgate/kit";
import { createFeedKit } from "@feedgate/kit/feed";

/** @param {string} baseUrl  @param {Record<string, any>} expected */
export default async function smokeKit(baseUrl, expected) {
  // The first attempt is answered in-process with a 503 that asks for no wait; the retry
  // goes to the smoke server. The transport must retry once and return the real answer.
  const sent = [];
  let calls = 0;
  const flakyFetch = (request) => {
    calls += 1;
    sent.push(request.url);
    if (calls === 1)
      return Promise.resolve(new Response("", { status: 503, headers: { "retry-after": "0" } }));
    return fetch(request);
  };
  const kit = createFeedKit({ baseUrl, fetch: flakyFetch, retry: { initialDelayMs: 1 } });

  const hot = await kit.hotTopics();
  assert.equal(calls, 2, "one retry after the 503");
  assert.equal(hot.data.items.length, expected.hotTopicsCount);
  assert.equal(hot.data.items[0]?.title, expected.firstHotTopicTitle);
  assert.equal(hot.meta.status, 200);
  assert.equal(hot.meta.attempts, 2);

  // The poller's first version arrives at once; breaking out stops it without waiting.
  for await (const version of kit.watchHotTopics({ signal: AbortSignal.timeout(10_000) })) {
    assert.ok(version.etag?.startsWith('W/"'), "the ETag is kept exactly as received");
    assert.equal(version.data.items.length, expected.hotTopicsCount);
    break;
  }

  // A 404 Problem becomes a typed error, recognised by brand.
  await assert.rejects(
    kit.getStory("no-such-story"),
    (error) => isFeedgateError(error, "not_found") && error.code === expected.notFoundCode,
  );

  // Bad input is refused before any request is sent.
  const before = sent.length;
  await assert.rejects(
    kit.items({ q: "x" }),
    (error) => isFeedgateError(error, "invalid_request") && error.param === "q",
  );
  await assert.rejects(kit.getStory("s".repeat(129)), (error) =>
    isFeedgateError(error, "invalid_request"),
  );
  assert.equal(sent.length, before, "nothing was sent for invalid input");
}
