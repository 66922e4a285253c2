// Issue 33, item 5: no item stops a copy. An item nested thousands deep cannot be written by any
// store (JSON.stringify overflows the stack): it is skipped with a warning naming it, in the
// snapshot and in the ledger, and a rerun goes on. A cursor the service sent that the kit would
// refuse to send back is the service's fault (invalid_response), never stored.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFeedClient } from "@feedgate/feed-client";
import { type HostileServer, startHostileServer } from "@feedgate/test-harness";
import { afterEach, expect, it } from "vitest";
import { createMemoryStore } from "../../src/internal/store/memory.js";
import { createSelectedMirror } from "../../src/mirror/index.js";
import { openFileStore } from "../../src/node/index.js";

let server: HostileServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
  server = dir = undefined;
});

/** An item whose `extra` nests 5,000 arrays deep (10 KB), as JSON text: JSON.stringify cannot write it. */
const deepItem = (id: string) =>
  `{"id":"${id}","title":"deep","extra":${"[".repeat(5_000)}${"]".repeat(5_000)}}`;

/** A feed whose snapshot holds a deep item; `changes` is the ledger page's JSON text. */
async function feed(changes: string) {
  server = await startHostileServer((req, res) => {
    const snapshot = `{"cursor":"c1","hasMore":false,"nextPage":null,"items":[${deepItem("deep-snap")},{"id":"ok-1","title":"fine"}]}`;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(req.url?.startsWith("/api/v1/selected/snapshot") ? snapshot : changes);
  });
  return server.origin;
}

it.each(["file", "memory"])(
  "the %s store skips an item nested 5,000 deep, naming it, and a rerun goes on",
  async (kind) => {
    const baseUrl = await feed(
      `{"cursor":"c2","hasMore":false,"changes":[{"op":"upsert","item":${deepItem("deep-change")}},{"op":"upsert","item":{"id":"ok-2","title":"fine"}}]}`,
    );
    dir = await mkdtemp(join(tmpdir(), "feedgate-deep-"));
    const store = kind === "file" ? await openFileStore(dir) : createMemoryStore();
    const warnings: string[] = [];
    const mirror = createSelectedMirror({
      client: createFeedClient({ baseUrl }),
      store,
      logger: { warn: (message: string) => void warnings.push(message) },
    });
    await mirror.sync();
    await mirror.sync();
    expect(await store.count()).toBe(2);
    expect(warnings.join("\n")).toMatch(/item "deep-snap" nests over 64 levels deep: skipped/);
    expect(warnings.join("\n")).toMatch(/item "deep-change" nests over 64 levels deep/);
    await store.close?.();
  },
);

it("a cursor with a lone surrogate is the service's fault: invalid_response, never stored", async () => {
  const baseUrl = await feed(`{"cursor":"c\\ud800x","hasMore":false,"changes":[]}`);
  const store = createMemoryStore();
  const mirror = createSelectedMirror({ client: createFeedClient({ baseUrl }), store });
  const error = await mirror.sync().catch((e: unknown) => e);
  expect(error).toMatchObject({ kind: "invalid_response" });
  expect(await store.getCursor()).toBe("c1");
});

it("a change with a 5 MB unknown op fails with a message quoting 100 characters of it", async () => {
  const baseUrl = await feed(
    `{"cursor":"c2","hasMore":false,"changes":[{"op":"${"x".repeat(5_000_000)}"}]}`,
  );
  const mirror = createSelectedMirror({
    client: createFeedClient({ baseUrl }),
    store: createMemoryStore(),
  });
  const error = await mirror.sync().catch((e: unknown) => e);
  expect(error).toMatchObject({ code: "unknown_change_op" });
  expect((error as Error).message.length).toBeLessThan(300);
});

it("a stored cursor the kit will not send (kept by an older version) restarts the pass", async () => {
  const baseUrl = await feed(`{"cursor":"c1","hasMore":false,"changes":[]}`);
  const store = createMemoryStore();
  const mirror = createSelectedMirror({ client: createFeedClient({ baseUrl }), store });
  await mirror.sync();
  await store.applyPage({ changes: [], expectedCursor: "c1", cursor: "c\ud800x" });
  await mirror.sync();
  expect(mirror.stats.snapshots).toBe(2);
  expect(await store.getCursor()).toBe("c1");
});
