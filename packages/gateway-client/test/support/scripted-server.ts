import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createGatewayClient, type GatewayClient } from "../../src/index.js";

/** One scripted answer: status, headers, and body chunks sent with pauses between them. */
export interface Script {
  status?: number;
  headers?: Record<string, string>;
  /** Chunks written in order; a number is a pause in ms. */
  chunks?: Array<string | Uint8Array | number>;
  /** Leave the connection open after the chunks (a stalled stream). */
  stall?: boolean;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/**
 * A tiny node:http server on 127.0.0.1 that answers each request with the next script, and
 * records what it received. Streams are written chunk by chunk, so a client sees exactly the
 * awkward boundaries a test chose (mid-line, mid-UTF-8 character, CRLF split).
 */
export async function startScriptedServer() {
  const queue: Array<Script | ((req: RecordedRequest) => Script)> = [];
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
    requests.push(recorded);
    const next = queue.shift();
    const script =
      typeof next === "function"
        ? next(recorded)
        : (next ?? { status: 500, chunks: ["no script left"] });
    res.writeHead(script.status ?? 200, script.headers ?? { "content-type": "text/event-stream" });
    res.flushHeaders();
    open.add(res);
    res.on("close", () => open.delete(res));
    for (const chunk of script.chunks ?? []) {
      if (res.destroyed) return;
      if (typeof chunk === "number") await new Promise((r) => setTimeout(r, chunk));
      else res.write(chunk);
    }
    if (!script.stall) res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    /** Queues answers for the next requests, in order. */
    script(...scripts: Array<Script | ((req: RecordedRequest) => Script)>) {
      queue.push(...scripts);
    },
    /** Resolves when the server saw the client close the connection of an open answer. */
    async closed(): Promise<void> {
      for (let i = 0; i < 200 && open.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
      if (open.size > 0) throw new Error("the client never closed the stream");
    },
    openCount: () => open.size,
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Splits text into chunks at the given byte offsets (of its UTF-8 encoding). */
export function splitBytes(text: string, offsets: number[]): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const cuts = [
    0,
    ...offsets.filter((o) => o > 0 && o < bytes.length).sort((a, b) => a - b),
    bytes.length,
  ];
  const out: Uint8Array[] = [];
  for (let i = 1; i < cuts.length; i++) out.push(bytes.slice(cuts[i - 1], cuts[i]));
  return out;
}

/** Splits into fixed-size byte chunks. */
export function chunkBytes(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

/** A scripted server for a file's tests and a client of it with `apiKey`: started before them, closed after. */
export function scriptedClient(apiKey: string) {
  const gw = {} as {
    server: Awaited<ReturnType<typeof startScriptedServer>>;
    client: GatewayClient;
  };
  beforeAll(async () => {
    gw.server = await startScriptedServer();
    gw.client = createGatewayClient({ baseUrl: gw.server.url, apiKey });
  });
  afterAll(() => gw.server.close());
  return gw;
}
