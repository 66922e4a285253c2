import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import type { RecordedAnswers } from "../replay/load.js";
import type { FakeClock } from "./clock.js";
import type { FaultInjector } from "./faults.js";
import { htmlReply, type Reply } from "./reply.js";
import type { Fault, RecordedRequest } from "./types.js";

/** Everything a route handler needs to know about one request. */
export interface RequestContext<R extends string> {
  method: string;
  url: URL;
  /** Raw path (percent-encoding kept). */
  path: string;
  headers: Record<string, string>;
  body: string;
  route: R | undefined;
  record: RecordedRequest<R>;
}

export interface FakeServerOptions<R extends string> {
  clock: FakeClock;
  faults: FaultInjector<R>;
  /** Which operation a method + path is (undefined when none). */
  route(method: string, path: string): R | undefined;
  /** The normal answer. */
  handle(ctx: RequestContext<R>): Reply | Promise<Reply>;
  /** The answer of a `status` fault, in the family's own envelope. */
  statusFault(fault: Extract<Fault, { type: "status" }>, ctx: RequestContext<R>): Reply;
  /** The answer when a handler throws. */
  internalError(ctx: RequestContext<R>, error: unknown): Reply;
  /** Port on 127.0.0.1. Default: 0, a free one. */
  port?: number | undefined;
  /** Headers added to every answer (request ids, CORS). */
  decorate(reply: Reply, ctx: RequestContext<R>): void;
  /**
   * The answer to a body over `maxBodyBytes` (the rest of the body is read and dropped; `ctx.body`
   * is empty). Default: none, the connection is reset.
   */
  oversized?(ctx: RequestContext<R>): Reply;
  /** The largest body read. Default 16 MiB. */
  maxBodyBytes?: number | undefined;
  /** Recorded answers, tried before `handle` (`mock --replay`). Default: none. */
  replay?: RecordedAnswers | undefined;
}

export interface RunningFakeServer<R extends string> {
  url: string;
  requests: RecordedRequest<R>[];
  /** Schedules `fn` after `ms` real milliseconds; cancelled by close(). */
  later(ms: number, fn: () => void): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** Reads the body up to `max` bytes; past it, `drain` reads and drops the rest (undefined body), else rejects. */
function readBody(req: IncomingMessage, max: number, drain: boolean): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        chunks.length = 0;
        if (drain) return;
        reject(new Error("request body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(size > max ? undefined : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/**
 * The node:http core both fakes share: binds 127.0.0.1 on a free port, records every request,
 * applies faults, writes replies, and on close() destroys every socket (stalled streams included)
 * and cancels every pending timer, so nothing outlives the test.
 */
export async function startFakeServer<R extends string>(
  options: FakeServerOptions<R>,
): Promise<RunningFakeServer<R>> {
  const requests: RecordedRequest<R>[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const later = (ms: number, fn: () => void) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };
  const sleep = (ms: number) => new Promise<void>((resolve) => later(ms, resolve));

  const destroy = (res: ServerResponse) => void res.socket?.destroy();

  const write = (res: ServerResponse, reply: Reply, ctx: RequestContext<R>, truncate: boolean) => {
    if (!reply.verbatim) options.decorate(reply, ctx);
    ctx.record.status = reply.status;
    const headOnly = ctx.method === "HEAD";
    if (reply.stream && !headOnly) {
      res.writeHead(reply.status, reply.headers);
      res.flushHeaders();
      const chunks = reply.stream.chunks;
      const stallAfter = reply.stream.stallAfter;
      const cut = truncate ? Math.floor(chunks.length / 2) : undefined;
      let index = 0;
      const step = () => {
        if (closed || res.destroyed) return;
        if (cut !== undefined && index >= cut) return destroy(res);
        if (stallAfter !== undefined && index >= stallAfter) return; // keep the socket open; close() ends it
        if (index >= chunks.length) return void res.end();
        res.write(chunks[index++] as string);
        const wait = reply.stream?.delays?.[index];
        if (wait) later(wait, step);
        else setImmediate(step);
      };
      return step();
    }
    const body =
      typeof reply.body === "string" || reply.body === undefined
        ? Buffer.from(reply.body ?? "", "utf8")
        : Buffer.from(reply.body);
    if (reply.body !== undefined) reply.headers["content-length"] = String(body.length);
    res.writeHead(reply.status, reply.headers);
    if (headOnly || reply.body === undefined) return truncate ? destroy(res) : void res.end();
    if (truncate) res.write(body.subarray(0, Math.floor(body.length / 2)), () => destroy(res));
    else res.end(body);
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const method = (req.method ?? "GET").toUpperCase();
    const route = options.route(method, path);
    const record: RecordedRequest<R> = {
      method,
      path,
      query: url.searchParams,
      headers: headerRecord(req),
      status: 0,
      at: options.clock.now(),
      realAt: performance.now(),
      body: "",
      ...(route !== undefined ? { route } : {}),
    };
    requests.push(record);
    const fault = options.faults.pick(route);
    if (fault) record.fault = fault.type;
    if (fault?.type === "reset") return void req.socket.destroy();
    let body: string | undefined;
    try {
      body = await readBody(req, options.maxBodyBytes ?? MAX_BODY_BYTES, !!options.oversized);
    } catch {
      return void req.socket.destroy();
    }
    record.body = body ?? "";
    const ctx = { method, url, path, headers: record.headers, body: record.body, route, record };
    if (closed) return;
    if (body === undefined && options.oversized)
      return write(res, options.oversized(ctx), ctx, false);
    switch (fault?.type) {
      case "status":
        return write(res, options.statusFault(fault, ctx), ctx, false);
      case "non-json":
        return write(res, htmlReply(fault.status ?? 200), ctx, false);
      case "body": {
        const text = typeof fault.body === "string" ? fault.body : JSON.stringify(fault.body);
        const headers: Record<string, string> = {
          "content-type": "application/json",
          ...fault.headers,
        };
        return write(res, { status: fault.status, headers, body: text }, ctx, false);
      }
      case "stall": {
        const head: Reply = { status: 200, headers: { "content-type": "application/json" } };
        options.decorate(head, ctx);
        record.status = 200;
        res.writeHead(head.status, head.headers);
        res.flushHeaders();
        return;
      }
      case "delay":
        await sleep(fault.ms);
        if (closed) return;
        break;
      default:
        break;
    }
    let reply: Reply;
    try {
      reply = options.replay?.answer(ctx) ?? (await options.handle(ctx));
    } catch (error) {
      reply = options.internalError(ctx, error);
    }
    if (closed) return;
    write(res, reply, ctx, fault?.type === "truncate");
  };

  const server = createServer((req, res) => {
    onRequest(req, res).catch(() => res.socket?.destroy());
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  // A client reuses an idle keep-alive connection at any moment: a server that closes it after
  // Node's 5 s default races that reuse (an ECONNRESET on a busy machine). close() ends every
  // socket itself, so a long idle timeout keeps nothing alive.
  server.keepAliveTimeout = 120_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === "string")
    throw new Error("fake server: no TCP address");

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    later,
    close() {
      closing ??= new Promise<void>((resolve) => {
        closed = true;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
