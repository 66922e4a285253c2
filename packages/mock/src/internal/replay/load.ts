import { readFileSync } from "node:fs";
import type { Reply } from "../core/reply.js";
import { checkAnswer } from "../spec/check-answer.js";
import { operationAt } from "../spec/documents.js";
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
const FRAMING = ["content-length", "transfer-encoding", "connection", "keep-alive"];

const headersOf = (response: HarEntry["response"]): Record<string, string> =>
  Object.fromEntries(response.headers.map((h) => [h.name.toLowerCase(), h.value]));

/** Reads a HAR file (or takes a parsed one) and checks every recorded answer. */
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
  const replay: RecordedAnswers = {
    entries: har.log.entries.length,
    findings: options.check === false ? [] : har.log.entries.flatMap(checkEntry),
    answer({ method, url, body }) {
      const queue = queues.get(requestKey(method, url, body));
      const entry = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      return entry && replyOf(entry, options.speed === "recorded");
    },
  };
  return replay;
}

function checkEntry({ request, response }: HarEntry): Finding[] {
  const { method } = request;
  const path = new URL(request.url).pathname;
  const service = (["feed", "gateway"] as const).find((s) => operationAt(s, method, path));
  const { status, content } = response;
  if (!service || content._truncated !== undefined || content.encoding) return [];
  const headers = headersOf(response);
  return checkAnswer(service, { method, path, status, headers, body: content.text ?? "" });
}

function replyOf({ response }: HarEntry, paced: boolean): Reply {
  const { status, content } = response;
  const headers = headersOf(response);
  for (const name of FRAMING) delete headers[name];
  const text = content.text ?? "";
  if (content._chunks) {
    // The last chunk takes any rest (a redaction in the file can change the text's length).
    let end = 0;
    const chunks = content._chunks.map((c, i, all) =>
      text.slice(end, i === all.length - 1 ? undefined : (end += c.size)),
    );
    const delays = content._chunks.map((c, i, all) =>
      paced ? c.time - (all[i - 1]?.time ?? 0) : 0,
    );
    return { status, headers, verbatim: true, stream: { chunks, delays } };
  }
  const empty = status === 304 || status === 204;
  const body = content.encoding === "base64" ? Buffer.from(text, "base64") : text;
  return { status, headers, verbatim: true, body: empty ? undefined : body };
}
