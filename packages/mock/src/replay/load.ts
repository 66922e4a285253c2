import { readFileSync } from "node:fs";
import type { Reply } from "../core/reply.js";
import { checkAnswer } from "../spec/check-answer.js";
import { operationAt, specOf } from "../spec/documents.js";
import type { Finding } from "../spec/findings.js";
import type { Har, HarEntry } from "./har.js";
import { requestKey } from "./match.js";

/** Options of {@link loadReplay}. */
export interface ReplayOptions {
  /** A recorded stream's chunks: `"instant"` one after another, `"recorded"` at their recorded pace. Default `"instant"`. */
  speed?: "instant" | "recorded" | undefined;
  /** Check each recorded answer against its document (the client packages' `openapi.json`). Default true. */
  check?: boolean | undefined;
}

/** A loaded recording, for the fakes' `replay` option. */
export interface Replay {
  /** How many exchanges it holds. */
  readonly entries: number;
  /** Each recorded answer checked against its service's document (a body cut by the recording is not). */
  readonly findings: readonly Finding[];
}

/**
 * The fakes' side of a {@link Replay}: the recorded answer to a request, matched by method,
 * path, query and body (credentials ignored), or undefined. A request recorded n times gets its
 * n answers in order, then the last.
 */
export interface RecordedAnswers extends Replay {
  answer(request: { method: string; url: URL; body: string }): Reply | undefined;
}

/** Framing headers the fake's server sets itself. */
const FRAMING = new Set(["content-length", "transfer-encoding", "connection", "keep-alive"]);

const headersOf = (entry: HarEntry) =>
  Object.fromEntries(entry.response.headers.map((h) => [h.name.toLowerCase(), h.value]));
const bodyOf = (entry: HarEntry) => entry.request.postData?.text ?? "";

/** Reads a HAR file (or takes a parsed one) and checks every recorded answer. */
export function loadReplay(source: string | Har, options: ReplayOptions = {}): Replay {
  return recordedAnswers(source, options);
}

function recordedAnswers(source: string | Har, options: ReplayOptions): RecordedAnswers {
  const har =
    typeof source === "string" ? (JSON.parse(readFileSync(source, "utf8")) as Har) : source;
  if (!Array.isArray(har?.log?.entries)) throw new Error("not a HAR file: no log.entries");
  const queues = new Map<string, HarEntry[]>();
  for (const entry of har.log.entries) {
    const key = requestKey(entry.request.method, new URL(entry.request.url), bodyOf(entry));
    queues.set(key, [...(queues.get(key) ?? []), entry]);
  }
  return {
    entries: har.log.entries.length,
    findings: options.check === false ? [] : har.log.entries.flatMap(checkEntry),
    answer({ method, url, body }) {
      const queue = queues.get(requestKey(method, url, body));
      const entry = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      return entry && replyOf(entry, options.speed === "recorded");
    },
  };
}

function checkEntry(entry: HarEntry): Finding[] {
  const { method } = entry.request;
  const path = new URL(entry.request.url).pathname;
  const service = (["feed", "gateway"] as const).find((s) => operationAt(specOf(s), method, path));
  const { status, content } = entry.response;
  if (!service || content._truncated !== undefined || content.encoding) return [];
  const body = content.text ?? "";
  return checkAnswer(service, { method, path, status, headers: headersOf(entry), body });
}

function replyOf(entry: HarEntry, paced: boolean): Reply {
  const { status, content } = entry.response;
  const headers = Object.fromEntries(
    Object.entries(headersOf(entry)).filter(([name]) => !FRAMING.has(name)),
  );
  const text = content.text ?? "";
  if (content._chunks) {
    // The last chunk takes any rest (a redaction in the file can change the text's length).
    const ends = content._chunks.map((_, i, all) =>
      all.slice(0, i + 1).reduce((n, c) => n + c.size, 0),
    );
    const chunks = ends.map((end, i) =>
      text.slice(ends[i - 1] ?? 0, i === ends.length - 1 ? undefined : end),
    );
    const delays = content._chunks.map((c, i, all) =>
      paced ? c.time - (all[i - 1]?.time ?? 0) : 0,
    );
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
