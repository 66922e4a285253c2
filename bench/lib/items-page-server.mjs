// A node:http server of GET /api/v1/items over a fixed list of N items, with every page
// serialised in advance: it answers in microseconds, so paging throughput measures the
// client, not the server (@feedgate/mock's items route, about 2 ms a page, would add its own
// work to both sides; bench/pagination-mirror.mjs pages the fake separately).
// Same wire format as the service: ItemsResponse, opaque `it3.` cursors, ETag, Cache-Control.
// Run as a child process; IPC: { id, cmd: "items", count } → { id, ok, value: { pages } }.
import { createServer } from "node:http";
import { itemsPageBody } from "@feedgate/test-harness";
import { benchItems } from "./bench-items.mjs";

const LIMIT = 100;
let pages = new Map(); // cursor ("" for the first page) → body Buffer

function cursorOf(index) {
  return `it3.${Buffer.from(JSON.stringify({ p: index, c: "benchquery01" })).toString("base64url")}`;
}

function build(count) {
  const items = benchItems(count, Date.now());
  const next = new Map();
  for (let start = 0, index = 0; start < count || index === 0; start += LIMIT, index++) {
    const slice = items.slice(start, start + LIMIT);
    const hasMore = start + LIMIT < count;
    const body = itemsPageBody(slice, hasMore ? cursorOf(index + 1) : null);
    next.set(index === 0 ? "" : cursorOf(index), Buffer.from(JSON.stringify(body)));
  }
  pages = next;
  return { pages: next.size };
}

const server = createServer((req, res) => {
  req.resume();
  const url = new URL(req.url, "http://127.0.0.1");
  const limit = url.searchParams.get("limit");
  const body =
    url.pathname === "/api/v1/items" && (limit === null || limit === String(LIMIT))
      ? pages.get(url.searchParams.get("cursor") ?? "")
      : undefined;
  if (!body) {
    const problem = JSON.stringify({
      type: "about:blank",
      title: "Invalid cursor",
      status: 400,
      code: "invalid_cursor",
      detail: "The cursor is malformed.",
      requestId: "bench",
    });
    res
      .writeHead(400, { "content-type": "application/problem+json", "x-request-id": "bench" })
      .end(problem);
    return;
  }
  res
    .writeHead(200, {
      "content-type": "application/json",
      "content-length": String(body.length),
      etag: `W/"v1-items-${body.length}"`,
      "cache-control": "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
      "x-request-id": "bench",
    })
    .end(body);
});
server.keepAliveTimeout = 60_000;

if (process.send && process.argv[2] === "--child") {
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  process.send({ url: `http://127.0.0.1:${server.address().port}` });
  const stop = () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  };
  process.on("message", (message) => {
    if (message === "stop") return stop();
    if (message?.cmd === "items")
      process.send({ id: message.id, ok: true, value: build(message.count) });
    else process.send({ id: message?.id, ok: false, error: `unknown command ${message?.cmd}` });
  });
  process.on("disconnect", stop);
}
