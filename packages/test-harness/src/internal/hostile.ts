import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * Servers that misbehave on purpose, for the hostile-server suites of every package. Each one
 * listens on 127.0.0.1 only, counts what it was asked, and stops by itself after `lifetimeMs`
 * (so a test that forgets to stop it, or a client stuck in a loop, cannot keep it alive).
 */

/** One answer of a hostile server: what it does with a request. */
export type HostileHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  index: number,
) => void | Promise<void>;

export interface HostileServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Requests received so far, in order (method, path with query, headers). */
  readonly requests: ReadonlyArray<{
    method: string;
    url: string;
    headers: IncomingMessage["headers"];
  }>;
  /** Bytes written to response bodies by the scenario helpers, all connections together. */
  readonly bytesSent: number;
  stop(): Promise<void>;
}

export interface HostileOptions {
  /** The server closes every connection and stops after this long. Default: 20000 ms. */
  lifetimeMs?: number;
}

export async function startHostileServer(
  handler: HostileHandler,
  options: HostileOptions = {},
): Promise<HostileServer> {
  const requests: Array<{ method: string; url: string; headers: IncomingMessage["headers"] }> = [];
  const sockets = new Set<Socket>();
  const counter = { bytes: 0 };
  const server = createServer((request, response) => {
    requests.push({
      method: request.method ?? "GET",
      url: request.url ?? "/",
      headers: request.headers,
    });
    (response as ServerResponse & { [SENT]?: typeof counter })[SENT] = counter;
    Promise.resolve(handler(request, response, requests.length - 1)).catch(() =>
      response.destroy(),
    );
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= new Promise<void>((resolve) => {
      clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }));
  const timer = setTimeout(() => void stop(), options.lifetimeMs ?? 20_000);
  timer.unref();
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    get bytesSent() {
      return counter.bytes;
    },
    stop,
  };
}

const SENT = Symbol("bytes sent");
function count(response: ServerResponse, bytes: number): void {
  const counter = (response as ServerResponse & { [SENT]?: { bytes: number } })[SENT];
  if (counter) counter.bytes += bytes;
}

/**
 * Writes `chunk` again and again, forever (until the client goes away or the server stops),
 * respecting backpressure so the server's own memory stays flat.
 */
export function sendEndless(
  response: ServerResponse,
  chunk: string | Uint8Array,
  headers: Record<string, string> = {},
): void {
  response.writeHead(200, { "content-type": "application/json", ...headers });
  const bytes = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk);
  const pump = () => {
    while (!response.destroyed) {
      const more = response.write(bytes);
      count(response, bytes.length);
      if (!more) {
        response.once("drain", pump);
        return;
      }
    }
  };
  response.on("close", () => response.removeAllListeners("drain"));
  pump();
}

/** Sends one JSON body with the given status and headers. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  count(response, Buffer.byteLength(text));
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(text);
}

/** A JSON string body of about `bytes` bytes: `{"pad":"xxxx…"}` — valid JSON, just too big. */
export function sendLargeJson(
  response: ServerResponse,
  bytes: number,
  headers: Record<string, string> = {},
): void {
  const pad = Buffer.alloc(Math.max(0, bytes - 10), "x").toString();
  sendJson(response, 200, { pad }, headers);
}
