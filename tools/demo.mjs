#!/usr/bin/env node
// The main job until the CLI exists: start a Prism mock of the feed document on a free
// loopback port, read the hot topics and the first page of items through
// @feedgate/feed-client, print them, and stop everything.
import { createFeedClient, readProblem } from "@feedgate/feed-client";
import { fromRoot, startPrism } from "@feedgate/test-harness";

const prism = await startPrism({ spec: fromRoot("specs/feed/openapi-v1.json") });
console.log(`feed mock (Prism) listening on ${prism.url}\n`);

function fail(what, result) {
  const problem = readProblem(result);
  throw new Error(`${what} failed: HTTP ${result.response.status} ${problem?.code ?? ""} (request id ${problem?.requestId ?? "-"})`);
}

const clip = (text, width) => (text.length > width ? text.slice(0, width - 1) + "…" : text);

try {
  const client = createFeedClient({ baseUrl: prism.url });

  const hot = await client.GET("/api/v1/hot-topics");
  if (!hot.data) fail("hot topics", hot);
  console.log(`Hot topics (ETag ${hot.response.headers.get("etag")}, ${hot.response.headers.get("cache-control")})`);
  for (const topic of hot.data.items) {
    console.log(`  ${String(topic.rank).padStart(2)}. ${clip(topic.title, 70)}  [${topic.sourceCount} sources, ${topic.latestAt}]`);
  }

  const items = await client.GET("/api/v1/items", { params: { query: { mode: "selected", window: "24h", limit: 20 } } });
  if (!items.data) fail("items", items);
  console.log(`\nItems, first page (${items.data.items.length} items, hasMore=${items.data.page.hasMore})`);
  for (const item of items.data.items) {
    console.log(`  ${item.publishedAt ?? "-"}  ${clip(item.title, 70)}  (${item.source.name})`);
  }
} finally {
  await prism.close();
}
console.log("\ndone: the mock is stopped.");
