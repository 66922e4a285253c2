import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";

/** Options of {@link startMcpHttpServer}. */
export interface McpHttpServerOptions {
  /** Makes the server of one session (called once per `initialize`). Required. */
  createServer: () => McpServer;
  /** Port on 127.0.0.1. Default: 0 (a free one; read it from `url`). */
  port?: number | undefined;
  /** When set, every request must carry `Authorization: Bearer <token>`. Default: none (loopback only). */
  token?: string | undefined;
  /** Origins allowed besides the server's own (`http://127.0.0.1:PORT`, `http://localhost:PORT`). Default: none. */
  allowedOrigins?: readonly string[] | undefined;
  /** Largest request body read. Default: 1048576 (1 MiB). */
  maxBodyBytes?: number | undefined;
  /** Sessions kept at once; a new one closes the least recently used (hosts rarely end their sessions). Default: 32. */
  maxSessions?: number | undefined;
  /** A session with no open request (nor event stream) for this long is closed, with its subscriptions. Default: 1800000 ms (30 minutes). */
  idleMs?: number | undefined;
}

/** A session: its channel, its server, its open requests and its idle timer. */
interface Session {
  channel: StreamableHTTPServerTransport;
  server: McpServer;
  open: number;
  idle?: ReturnType<typeof setTimeout> | undefined;
}

/** A running Streamable HTTP MCP endpoint. */
export interface McpHttpServer {
  /** `http://127.0.0.1:PORT/mcp`: the endpoint a client connects to. */
  readonly url: string;
  /** Closes every session and the listener. */
  close(): Promise<void>;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

function refuse(res: ServerResponse, status: number, message: string): void {
  res
    .writeHead(status, { "content-type": "application/json" })
    .end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

/** The body, or undefined when it is over `max` bytes (the rest is not read). */
async function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > max) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Serves MCP over Streamable HTTP on 127.0.0.1 only, at `/mcp`, one MCP server per session.
 * Against DNS rebinding, a request whose `Host` is not the loopback address and port, or whose
 * `Origin` (when sent) is not the server's own or an allowed one, is refused with 403. With
 * `token`, a request without the bearer token is refused with 401. Bodies are capped; past
 * `maxSessions`, the least recently used session is closed, and so is one left idle `idleMs`.
 */
export async function startMcpHttpServer(options: McpHttpServerOptions): Promise<McpHttpServer> {
  const {
    createServer: makeServer,
    port = 0,
    token,
    allowedOrigins = [],
    maxBodyBytes = 1_048_576,
    maxSessions = 32,
    idleMs = 1_800_000,
  } = options;
  const sessions = new Map<string, Session>();
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  let origins = new Set<string>();
  let hosts = new Set<string>();

  const http: Server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) refuse(res, 500, "internal error");
      else res.end();
    });
  });

  /** Counts a session's open request; when its last one ends, the idle timer starts. */
  function track(session: Session, res: ServerResponse): void {
    clearTimeout(session.idle);
    session.open++;
    res.once("close", () => {
      if (--session.open > 0) return;
      const close = () => void session.server.close().catch(() => {});
      session.idle = setTimeout(close, idleMs).unref();
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!hosts.has(req.headers.host ?? "")) return refuse(res, 403, "forbidden host");
    const origin = req.headers.origin;
    if (origin !== undefined && !origins.has(origin)) return refuse(res, 403, "forbidden origin");
    if (expected && !timingSafeEqual(digest(req.headers.authorization ?? ""), expected))
      return refuse(res, 401, "a bearer token is required");
    if (new URL(req.url ?? "/", "http://127.0.0.1").pathname !== "/mcp")
      return refuse(res, 404, "not found: the endpoint is /mcp");
    const sessionId = req.headers["mcp-session-id"];
    const existing = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    let body: unknown;
    if (req.method === "POST") {
      const raw = await readBody(req, maxBodyBytes);
      if (raw === undefined) return refuse(res, 413, `request body over ${maxBodyBytes} bytes`);
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        return refuse(res, 400, "the body is not JSON");
      }
    }
    if (existing) {
      // Most recently used last: the Map's order is the eviction order.
      sessions.delete(sessionId as string);
      sessions.set(sessionId as string, existing);
      track(existing, res);
      return existing.channel.handleRequest(req, res, body);
    }
    if (sessionId !== undefined) return refuse(res, 404, "unknown session");
    if (req.method !== "POST" || !isInitializeRequest(body))
      return refuse(res, 400, "no session: send initialize first");
    for (const [id, oldest] of sessions) {
      if (sessions.size < maxSessions) break;
      sessions.delete(id);
      await oldest.server.close().catch(() => {});
    }
    const server = makeServer();
    // The SDK calls it a transport; here a session's channel (feedgate's "transport" is core's fetch).
    const channel: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, session),
    });
    const session: Session = { channel, server, open: 0 };
    channel.onclose = () => {
      clearTimeout(session.idle);
      if (channel.sessionId) sessions.delete(channel.sessionId);
    };
    track(session, res);
    await server.connect(channel);
    await channel.handleRequest(req, res, body);
  }

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (http.address() as { port: number }).port;
  hosts = new Set([`127.0.0.1:${actual}`, `localhost:${actual}`]);
  origins = new Set([
    `http://127.0.0.1:${actual}`,
    `http://localhost:${actual}`,
    ...allowedOrigins,
  ]);
  return {
    url: `http://127.0.0.1:${actual}/mcp`,
    async close() {
      await Promise.allSettled([...sessions.values()].map(({ server }) => server.close()));
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
