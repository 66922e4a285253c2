import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { AddressInfo } from "node:net";
import { CREDENTIAL_HEADERS } from "@feedgate/core";
import type { HarChunk, HarContent } from "@feedgate/mock";
import { DEFAULT_MAX_BODY_BYTES, type HarFile } from "./record-har.js";

/** Hop-by-hop headers (RFC 9110 §7.6.1) and the ones the proxy sets itself. */
const HOP =
  /^(connection|keep-alive|proxy-connection|transfer-encoding|te|trailer|upgrade|host|accept-encoding)$/i;

/** Bytes kept past the cap until the entry is redacted (far longer than any credential's forms). */
const REDACT_MARGIN = 4096;

/** How long the target may stay silent before the exchange is given up (a gateway waits up to 300 s). */
const IDLE_MS = 330_000;

/**
 * What a HAR request and response share: version, sizes, headers with credentials and cookies
 * replaced (each value joins the secrets `seen`, scrubbed from the rest of the entry).
 */
const message = (m: IncomingMessage, seen: Set<string>, bodySize: number) => ({
  httpVersion: `HTTP/${m.httpVersion}`,
  headers: m.rawHeaders.flatMap((name, i) => {
    if (i % 2) return [];
    const value = m.rawHeaders[i + 1]!;
    if (!CREDENTIAL_HEADERS.includes(name.toLowerCase()) && !/^set-cookie$/i.test(name))
      return [{ name, value }];
    seen.add(value);
    return [{ name, value: "[redacted]" }];
  }),
  ...{ cookies: [], headersSize: -1, bodySize },
});

/**
 * A body as it passes, kept up to `max` bytes, with each chunk's arrival (ms) and length in the
 * text. A body over `max` keeps {@link REDACT_MARGIN} bytes more, marked `_truncated: max`: the
 * HAR file redacts the entry first and cuts after, so a key at the cut is never left half there.
 */
function capture(max: number) {
  const kept: Buffer[] = [];
  const chunks: HarChunk[] = [];
  const decoder = new TextDecoder();
  const start = performance.now();
  let size = 0;
  return {
    add(chunk: Buffer) {
      const part = chunk.subarray(0, Math.max(0, max + REDACT_MARGIN - size));
      const before = size;
      size += chunk.length;
      if (part.length === 0) return;
      kept.push(part);
      if (before >= max) return;
      const time = Math.round((performance.now() - start) * 10) / 10;
      const shown = part.subarray(0, max - before);
      chunks.push({ time, size: decoder.decode(shown, { stream: true }).length });
    },
    content(mimeType: string): HarContent {
      const bytes = Buffer.concat(kept);
      const text = /json|text|xml|javascript|urlencoded/.test(mimeType);
      const note = `cut at ${max} of ${size} bytes (the recording's cap)`;
      return {
        size,
        mimeType,
        text: bytes.toString(text ? "utf8" : "base64"),
        ...(text ? {} : { encoding: "base64" }),
        ...(mimeType.includes("text/event-stream") ? { _chunks: chunks } : {}),
        ...(size > max ? { _truncated: max, comment: note } : {}),
      };
    },
  };
}

/**
 * A recording proxy on 127.0.0.1. Every request goes to the target origin only (whatever its
 * Host or absolute URL says: a key reaches no one else); the answer goes back as it arrives
 * (a stream is never held back) and, once complete, the exchange is written to the file.
 * Bodies are asked for uncompressed, so the file holds text.
 */
export async function startRecorder(
  target: URL,
  file: HarFile,
  port = 0,
  max = DEFAULT_MAX_BODY_BYTES,
) {
  const live = new Set<() => void>();
  const server = createServer((req, res) => {
    const started = new Date();
    const clock = performance.now();
    const path = (req.url ?? "/").replace(/^[a-z]+:\/\/[^/]*/i, "");
    const url = new URL(target.pathname.replace(/\/$/, "") + path, target.origin);
    const headers = Object.entries(req.headers).filter(([name]) => !HOP.test(name));
    const send = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, {
      method: req.method,
      headers: { ...Object.fromEntries(headers), host: url.host, "accept-encoding": "identity" },
    });
    const cut = () => send.destroy() && res.destroy();
    live.add(cut);
    // A client that goes away (a cancelled stream) ends the exchange, unrecorded.
    res.on("close", () => res.writableFinished || send.destroy());
    send.setTimeout(IDLE_MS, () => send.destroy(new Error("the target was silent too long")));
    const sent = capture(max);
    req.on("data", sent.add).pipe(send);
    send.on("error", () => {
      live.delete(cut);
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end("feedgate record: no answer from the target\n");
    });
    send.on("response", (answer) => {
      const got = capture(max);
      const wait = Math.round(performance.now() - clock);
      const raw = answer.rawHeaders;
      res.writeHead(
        answer.statusCode!,
        answer.statusMessage,
        raw.filter((_, i) => !HOP.test(raw[i - (i % 2)]!)),
      );
      res.flushHeaders();
      answer.on("data", got.add).pipe(res);
      answer.on("end", () => {
        if (!live.delete(cut)) return;
        const seen = new Set(url.searchParams.getAll("key"));
        const posted = sent.content(req.headers["content-type"] ?? "");
        const content = got.content(answer.headers["content-type"] ?? "");
        const time = Math.round(performance.now() - clock);
        const entry = {
          startedDateTime: started.toISOString(),
          time,
          request: {
            method: req.method!,
            url: url.href,
            ...message(req, seen, posted.size),
            queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
            ...(posted.size ? { postData: { ...posted, text: posted.text ?? "" } } : {}),
          },
          response: {
            status: answer.statusCode!,
            statusText: answer.statusMessage ?? "",
            ...message(answer, seen, content.size),
            content,
            redirectURL: answer.headers.location ?? "",
          },
          cache: {},
          timings: { send: 0, wait, receive: time - wait },
        };
        // A failed write (a full disk) fails the last one too, which close() reports.
        file.add(entry, seen).catch(() => {});
      });
    });
  });
  await new Promise<void>((resolve, reject) =>
    server.once("error", reject).listen(port, "127.0.0.1", resolve),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Exchanges under way. */
    get inFlight() {
      return live.size;
    },
    /** Stops accepting, cuts what is under way (not recorded) and writes the file. */
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const cut of [...live]) cut();
      live.clear();
      server.closeAllConnections();
      await closed;
      await file.write();
    },
  };
}
