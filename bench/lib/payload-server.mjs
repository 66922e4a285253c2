// A node:http server on 127.0.0.1 that answers every GET with one fixed JSON body, the way the
// feed service answers /api/v1/items (ETag, Cache-Control, keep-alive). Run as a child process
// (`fork`) so its work runs beside the client being measured, not inside its timings.
import { createServer } from "node:http";
import { itemsPayload } from "./payloads.mjs";

/** Starts the server in this process; resolves to `{ url, source, bytes, close }`. */
export async function startPayloadServer() {
  const { body, source } = itemsPayload();
  const headers = {
    "content-type": "application/json",
    "content-length": String(body.length),
    etag: 'W/"v1-items-bench"',
    "cache-control": "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
    vary: "Accept-Encoding",
  };
  const server = createServer((req, res) => {
    req.resume();
    if (req.method !== "GET") {
      res.writeHead(405).end();
      return;
    }
    res.writeHead(200, headers).end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    source,
    bytes: body.length,
    close: () =>
      new Promise((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

// As a forked child: start, report the address, stop when the parent says so or goes away.
if (process.send && process.argv[2] === "--child") {
  const server = await startPayloadServer();
  process.send({ url: server.url, source: server.source, bytes: server.bytes });
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on("message", (message) => message === "stop" && stop());
  process.on("disconnect", stop);
}
