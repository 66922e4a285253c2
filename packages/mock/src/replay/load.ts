import { readFileSync } from "node:fs";
import type { Reply } from "../core/reply.js";
import { checkAnswer } from "../spec/check-answer.js";
import { operationAt, specOf } from "../spec/documents.js";
import type { Finding } from "../spec/findings.js";
import type { Har, HarEntry } from "./har.js";
import { requestKey } from "./match.js";

export interface ReplayOptions {
  /** `"instant"`: a stream's chunks as fast as the client reads them; `"recorded"`: at their recorded pace. Default `"instant"`. */
  speed?: "instant" | "recorded" | undefined;
}

/** A loaded recording: the answers it holds, and what the documents say about them. */
export interface Replay {
  /** How many entries the file holds. */
  readonly entries: number;
  /** Every recorded answer checked against its service's document: drift, and notices of undeclared fields. */
  readonly findings: readonly Finding[];
  /**
   * The recorded answer to a request (matched by method, path, query and body; credentials
   * ignored), or undefined: the fake answers it itself. A request recorded several times gets
   * its answers in order, then the last one again.
   */
  answer(request: { method: string; url: URL; body: string }): Reply | undefined;
}

/** Framing headers the fake's server sets itself. */
const FRAMING = new Set(["content-length", "transfer-encoding", "connection", "keep-alive"]);

/** Loads a HAR file (or a parsed one) for the fakes' `replay` option, checking every answer. */
export function loadReplay(source: string | Har, options: ReplayOptions = {}): Replay {
  const har =
    typeof source === "string" ? (JSON.parse(readFileSync(source, "utf8")) as Har) : source;
  if (!Array.isArray(har?.log?.entries)) throw new Error("not a HAR file: no log.entries");
  const queues = new Map<string, HarEntry[]>();
  for (const entry of har.log.entries) {
    const { method, url, postData } = entry.request;
    const key = requestKey(method, new URL(url), postData?.text ?? "");
    queues.set(key, [...(queues.get(key) ?? []), entry]);
  }
  return {
    entries: har.log.entries.length,
    findings: har.log.entries.flatMap(checkEntry),
    answer({ method, url, body }) {
      const queue = queues.get(requestKey(method, url, body));
      const entry = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      return entry && replyOf(entry, options.speed === "recorded");
    },
  };
}

function headersOf(entry: HarEntry): Record<string, string> {
  return Object.fromEntries(entry.response.headers.map((h) => [h.name.toLowerCase(), h.value]));
}

/** A recorded answer against the document that has its operation (a body cut by the recording is not checked). */
function checkEntry(entry: HarEntry): Finding[] {
  const { method } = entry.request;
  const path = new URL(entry.request.url).pathname;
  const service = (["feed", "gateway"] as const).find((s) => operationAt(specOf(s), method, path));
  const { status, content } = entry.response;
  if (!service || content._truncated !== undefined) return [];
  const body = content.encoding === "base64" ? "" : (content.text ?? "");
  return checkAnswer(service, { method, path, status, headers: headersOf(entry), body });
}

function replyOf(entry: HarEntry, paced: boolean): Reply {
  const { status, content } = entry.response;
  const headers = Object.fromEntries(
    Object.entries(headersOf(entry)).filter(([name]) => !FRAMING.has(name)),
  );
  const text = content.text ?? "";
  if (content._chunks) {
    const chunks: string[] = [];
    const delays: number[] = [];
    let from = 0;
    let last = 0;
    for (const chunk of content._chunks) {
      chunks.push(text.slice(from, (from += chunk.size)));
      delays.push(paced ? Math.max(0, chunk.time - last) : 0);
      last = chunk.time;
    }
    return { status, headers, verbatim: true, stream: { chunks, delays } };
  }
  const body = content.encoding === "base64" ? Buffer.from(text, "base64") : text;
  return {
    status,
    headers,
    verbatim: true,
    body: status === 304 || status === 204 ? undefined : body,
  };
}
