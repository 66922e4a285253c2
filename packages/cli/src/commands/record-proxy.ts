import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import type { HarContent, HarEntry, HarPair } from "@feedgate/mock";
import { type HarFile, scrubHeaders } from "./record-har.js";

/** Hop-by-hop headers (RFC 9110 §7.6.1) and those the proxy sets itself. */
const HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "host",
  "accept-encoding",
]);

/** How long an upstream may stay silent before the exchange is given up (a gateway waits up to 300 s). */
const IDLE_MS = 330_000;

export interface RecorderOptions {
  /** Where requests go: an http(s) origin, optionally with a base path. */
  target: URL;
  /** Port on 127.0.0.1; 0: a free one. */
  port: number;
  file: HarFile;
  maxBodyBytes: number;
}

export interface Recorder {
  url: string;
  /** Exchanges under way. */
  readonly inFlight: number;
  /** Stops accepting, cuts what is under way (not recorded) and waits for the file. */
  close(): Promise<void>;
}

/** A body as it arrives, kept up to the cap: its text, its size, and (for a stream) when each part came. */
class Capture {
  readonly #chunks: Buffer[] = [];
  readonly #decoder = new TextDecoder();
  readonly #start = performance.now();
  readonly times: Array<{ time: number; size: number }> = [];
  size = 0;
  kept = 0;
  constructor(readonly max: number) {}

  add(chunk: Buffer): void {
    this.size += chunk.length;
    const room = Math.min(chunk.length, this.max - this.kept);
    if (room <= 0) return;
    const part = chunk.subarray(0, room);
    this.#chunks.push(part);
    this.kept += room;
    const time = Math.round((performance.now() - this.#start) * 10) / 10;
    this.times.push({ time, size: this.#decoder.decode(part, { stream: true }).length });
  }

  content(mimeType: string, stream: boolean): HarContent {
    const bytes = Buffer.concat(this.#chunks);
    const text = /json|text|xml|event-stream|javascript|urlencoded/.test(mimeType);
    const cut = this.size > this.kept;
    return {
      size: this.size,
      mimeType,
      text: text ? bytes.toString("utf8") : bytes.toString("base64"),
      ...(text ? {} : { encoding: "base64" as const }),
      ...(stream ? { _chunks: this.times } : {}),
      ...(cut
        ? {
            _truncated: this.kept,
            comment: `cut at ${this.kept} of ${this.size} bytes (the recording's cap)`,
          }
        : {}),
    };
  }
}

function pairs(headers: IncomingHttpHeaders): HarPair[] {
  return Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) => ({
      name,
      value: v,
    })),
  );
}

/**
 * A recording proxy on 127.0.0.1: every request goes to the target origin only (whatever its
 * Host or absolute URL says, so a key reaches no one else), its answer goes back as it arrives
 * (an event stream is never held back) and, once complete, the exchange is written to the file.
 */
export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const { target, file, maxBodyBytes } = options;
  const base = target.pathname.replace(/\/$/, "");
  const live = new Set<() => void>();

  const server = createServer((req: IncomingMessage, res) => {
    const started = new Date();
    const clock = performance.now();
    const path = (req.url ?? "/").replace(/^[a-z]+:\/\/[^/]*/i, "") || "/";
    const url = new URL(base + path, target.origin);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !HOP.has(name)),
    );
    // Plain bodies, so the file holds text: the answer is passed on exactly as the target sends it.
    const send = (target.protocol === "https:" ? httpsRequest : httpRequest)(url, {
      method: req.method,
      headers: { ...headers, host: url.host, "accept-encoding": "identity" },
    });
    const sent = new Capture(maxBodyBytes);
    const cut = () => {
      send.destroy();
      res.destroy();
    };
    live.add(cut);
    // A client that goes away (a cancelled stream) ends the exchange: it is not recorded.
    res.on("close", () => {
      if (!res.writableFinished) send.destroy();
    });
    send.setTimeout(IDLE_MS, () => send.destroy(new Error("the target was silent too long")));
    req.on("data", (chunk: Buffer) => sent.add(chunk));
    req.pipe(send);
    send.on("error", () => {
      live.delete(cut);
      if (!res.headersSent)
        res
          .writeHead(502, { "content-type": "text/plain" })
          .end("feedgate record: the target did not answer\n");
      else res.destroy();
    });
    send.on("response", (answer) => {
      const type = String(answer.headers["content-type"] ?? "");
      const stream = type.includes("text/event-stream");
      const got = new Capture(maxBodyBytes);
      const waited = performance.now() - clock;
      res.writeHead(
        answer.statusCode ?? 502,
        answer.statusMessage,
        Object.fromEntries(Object.entries(answer.headers).filter(([n]) => !HOP.has(n))),
      );
      res.flushHeaders();
      answer.on("data", (chunk: Buffer) => got.add(chunk));
      answer.pipe(res);
      answer.on("end", () => {
        if (!live.delete(cut)) return;
        const seen = new Set<string>(url.searchParams.getAll("key"));
        const requestType = String(req.headers["content-type"] ?? "");
        const entry: HarEntry = {
          startedDateTime: started.toISOString(),
          time: Math.round(performance.now() - clock),
          request: {
            method: req.method ?? "GET",
            url: url.href,
            httpVersion: `HTTP/${req.httpVersion}`,
            headers: scrubHeaders(pairs(req.headers), seen),
            queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
            cookies: [],
            headersSize: -1,
            bodySize: sent.size,
            ...(sent.size > 0 ? { postData: postDataOf(sent.content(requestType, false)) } : {}),
          },
          response: {
            status: answer.statusCode ?? 0,
            statusText: answer.statusMessage ?? "",
            httpVersion: `HTTP/${answer.httpVersion}`,
            headers: scrubHeaders(pairs(answer.headers), seen),
            cookies: [],
            content: got.content(type, stream),
            redirectURL: String(answer.headers.location ?? ""),
            headersSize: -1,
            bodySize: got.size,
          },
          cache: {},
          timings: {
            send: 0,
            wait: Math.round(waited),
            receive: Math.round(performance.now() - clock - waited),
          },
        };
        void file.add(entry, seen);
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get inFlight() {
      return live.size;
    },
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const cut of live) cut();
      live.clear();
      server.closeAllConnections();
      await closed;
      await file.write();
    },
  };
}

/** A request body as HAR's postData (which has no `encoding`: a binary body is marked `_encoding`). */
function postDataOf(content: HarContent): NonNullable<HarEntry["request"]["postData"]> {
  return {
    mimeType: content.mimeType,
    text: content.text ?? "",
    ...(content._truncated === undefined ? {} : { _truncated: content._truncated }),
    ...(content.encoding ? { _encoding: content.encoding } : {}),
  };
}
