#!/usr/bin/env node
// The process the crash runs kill: mirrors the fake's selected set into a file store, using
// the built package only (its published entry points), exactly as an application would.
//   node mirror-child.mjs <feed url> <store dir> <loop|once> [compactAfterBytes]
// Prints "ready" once the store is open, "phase <snapshot|changes>" per stored page, and in
// `once` mode a JSON line with the result at the end.
import { createFeedClient } from "@feedgate/feed-client";
import { createResilientFetch } from "@feedgate/kit";
import { createSelectedMirror } from "@feedgate/kit/mirror";
import { openFileStore } from "@feedgate/kit/node";

const [url, dir, mode = "loop", compact = "1048576"] = process.argv.slice(2);
if (url === undefined || dir === undefined) {
  console.error("usage: mirror-child.mjs <feed url> <store dir> <loop|once> [compactAfterBytes]");
  process.exit(2);
}

const store = await openFileStore(dir, { compactAfterBytes: Number(compact) });
process.stdout.write(`ready ${JSON.stringify(store.recovery)}\n`);
// The client's transport is the mirror's only retry loop: a page costs at most 11 requests.
const transport = createResilientFetch({
  maxRetries: 10,
  initialDelayMs: 5,
  maxDelayMs: 50,
  timeoutMs: 10_000,
});
const mirror = createSelectedMirror({
  client: createFeedClient({ baseUrl: url, fetch: transport }),
  store,
  snapshotPageSize: 500,
  // One line per stored page, so the parent can tell which phase a kill interrupted.
  onProgress: (p) => process.stdout.write(`phase ${p.phase}\n`),
});

if (mode === "once") {
  const result = await mirror.sync();
  await store.close();
  process.stdout.write(`result ${JSON.stringify(result)}\n`);
} else {
  // Until killed; bounded anyway, so a lost parent cannot leave it running for long.
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    await mirror.sync();
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await store.close();
}
