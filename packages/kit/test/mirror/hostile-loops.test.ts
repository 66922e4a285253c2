import { createFeedClient } from "@feedgate/feed-client";
import { type HostileServer, sendJson, startHostileServer } from "@feedgate/test-harness";
import { afterEach, describe, expect, it } from "vitest";
import { isFeedgateError } from "../../src/index.js";
import { createMemoryStore } from "../../src/internal/store/memory.js";
import { createSelectedMirror } from "../../src/mirror/index.js";

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const item = (id: string) => ({ id, title: `t ${id}` });

/** A mirror over a scripted feed: `snapshot(page)` and `changes(cursor)` answer each request. */
async function mirrorAgainst(answers: {
  snapshot: (page: string | null, n: number) => unknown;
  changes?: (cursor: string, n: number) => unknown;
}) {
  let snapshots = 0;
  let changes = 0;
  server = await startHostileServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/api/v1/selected/snapshot")
      return sendJson(res, 200, answers.snapshot(url.searchParams.get("page"), snapshots++), {
        "x-request-id": `req-s${snapshots}`,
      });
    if (url.pathname === "/api/v1/selected/changes" && answers.changes)
      return sendJson(res, 200, answers.changes(url.searchParams.get("cursor")!, changes++), {
        "x-request-id": `req-c${changes}`,
      });
    sendJson(res, 404, {});
  });
  const mirror = createSelectedMirror({
    client: createFeedClient({ baseUrl: server.origin }),
    store: createMemoryStore(),
    sleep: async () => {},
  });
  return { mirror, requests: () => server!.requests.length };
}

describe("the mirror's snapshot stops on a page token given again", () => {
  it("nextPage equal to the page just fetched: limit_exceeded cursor_loop after 2 requests", async () => {
    const { mirror, requests } = await mirrorAgainst({
      snapshot: (_page, n) => ({
        cursor: "c1",
        hasMore: true,
        nextPage: "p1",
        items: [item(`i${n}`)],
      }),
    });
    const error = await mirror.sync().catch((e: unknown) => e);
    expect(isFeedgateError(error, "limit_exceeded") && error.code).toBe("cursor_loop");
    expect(requests()).toBe(2);
  });

  it("empty pages that keep claiming more stop after 3", async () => {
    const { mirror, requests } = await mirrorAgainst({
      snapshot: (_page, n) => ({ cursor: "c1", hasMore: true, nextPage: `p${n + 1}`, items: [] }),
    });
    const error = await mirror.sync().catch((e: unknown) => e);
    expect(isFeedgateError(error, "limit_exceeded") && error.code).toBe("cursor_loop");
    expect(requests()).toBe(3);
  });
});

describe("the mirror's change feed stops on a cursor given again", () => {
  it("hasMore with the same cursor forever: stopped after a small bound, not maxPages", async () => {
    const { mirror, requests } = await mirrorAgainst({
      snapshot: () => ({ cursor: "c1", hasMore: false, nextPage: null, items: [item("a")] }),
      changes: (cursor) => ({ cursor, hasMore: true, changes: [] }),
    });
    const error = await mirror.sync().catch((e: unknown) => e);
    expect(isFeedgateError(error, "limit_exceeded") && error.code).toBe("cursor_loop");
    expect(requests()).toBeLessThanOrEqual(5);
  });

  it("a cycle c1 → c2 → c1 stops", async () => {
    const { mirror, requests } = await mirrorAgainst({
      snapshot: () => ({ cursor: "c1", hasMore: false, nextPage: null, items: [item("a")] }),
      changes: (cursor, n) => ({
        cursor: cursor === "c1" ? "c2" : "c1",
        hasMore: true,
        changes: [{ op: "upsert", item: item(`u${n}`) }],
      }),
    });
    const error = await mirror.sync().catch((e: unknown) => e);
    expect(isFeedgateError(error, "limit_exceeded")).toBe(true);
    expect(requests()).toBeLessThanOrEqual(5);
  });
});

describe("a wrong-shaped answer names the operation and the request id", () => {
  it("selectedSnapshot answering an HTML-ish JSON string", async () => {
    const { mirror } = await mirrorAgainst({ snapshot: () => "<html>maintenance</html>" });
    const error = await mirror.sync().catch((e: unknown) => e);
    expect(isFeedgateError(error, "invalid_response")).toBe(true);
    // Retried as transient first (a proxy's page usually is); the error names the last attempt's id.
    expect((error as { requestId?: string }).requestId).toMatch(/^req-s\d+$/);
    expect((error as Error).message).toContain("selectedSnapshot");
  });
});
