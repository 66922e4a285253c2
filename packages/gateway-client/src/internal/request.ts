import { CREDENTIAL_HEADERS } from "@feedgate/core";
import type { Operation, RouteFamily } from "./operations.js";

/** The `anthropic-version` the count_tokens route requires. */
export const ANTHROPIC_VERSION = "2023-06-01";

/** What one helper call sends besides the operation's method and path. */
export interface CallInit {
  body?: unknown;
  params?: {
    path?: Record<string, string>;
    query?: Record<string, string | boolean>;
    header?: Record<string, string>;
  };
  parseAs?: "text" | "stream";
  headers?: Record<string, string>;
}

/** What one call brings back: the parsed body of a 2xx (`data`) or of a failure (`error`), and the answer. */
export interface Sent {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * Puts the key in the one credential header its route family takes, after removing any
 * credential header already there. The helpers' requests and `rawClient`'s both go through it.
 */
export function setCredential(headers: Headers, family: RouteFamily, apiKey: string): void {
  for (const name of CREDENTIAL_HEADERS) headers.delete(name);
  if (family === "bearer") headers.set("authorization", `Bearer ${apiKey}`);
  else headers.set(family === "google" ? "x-goog-api-key" : "x-api-key", apiKey);
  if (family === "anthropic") headers.set("anthropic-version", ANTHROPIC_VERSION);
}

/**
 * The request of one helper call, as openapi-fetch would build it for the same operation (the
 * helpers' parameters are all primitives: path segments and query values percent-encoded, a JSON
 * body), with its credential. The helpers need none of openapi-fetch's other styles, so it stays
 * out of their bundle; `rawClient` (`@feedgate/gateway-client/raw`) is openapi-fetch itself.
 */
export function requestOf(
  baseUrl: string,
  base: Record<string, string>,
  apiKey: string,
  operation: Operation,
  init: CallInit,
  signal: AbortSignal | undefined,
): Request {
  const { path = {}, query = {}, header } = init.params ?? {};
  const search = Object.entries(query)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  const url =
    baseUrl +
    operation.path.replace(/\{([^{}]+)\}/g, (match, name: string) =>
      path[name] === undefined ? match : encodeURIComponent(path[name]),
    ) +
    (search && `?${search}`);
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers = new Headers({ "Content-Type": "application/json" });
  for (const more of [base, init.headers, header])
    for (const [name, value] of Object.entries(more ?? {})) headers.set(name, value);
  // The gateway refuses a bodyless GET with a Content-Type (a client-wide header is a common habit,
  // and the default above is for a body).
  if (body === undefined) headers.delete("content-type");
  setCredential(headers, operation.credential, apiKey);
  return new Request(url, {
    method: operation.method.toUpperCase(),
    headers,
    body: body ?? null,
    credentials: "omit",
    signal: signal ?? null,
  });
}

/**
 * Reads an answer as openapi-fetch does: no body for a 204 or an empty one; a 2xx parsed as
 * `parseAs` says (JSON by default: a body that is not JSON rejects with a SyntaxError); a
 * failure's body as JSON when it is, else as text.
 */
export async function readAnswer(response: Response, parseAs: CallInit["parseAs"]): Promise<Sent> {
  const length = response.headers.get("content-length");
  if (
    response.status === 204 ||
    (length === "0" && !response.headers.get("transfer-encoding")?.includes("chunked"))
  )
    return { response };
  if (!response.ok) {
    let error: unknown = await response.text();
    try {
      error = JSON.parse(error as string);
    } catch {}
    return { error, response };
  }
  if (parseAs === "stream") return { data: response.body, response };
  const text = await response.text();
  if (!parseAs && response.headers.get("content-type")?.startsWith("text/event-stream"))
    return { data: foldEvents(text), response };
  // With a length, openapi-fetch parses whatever came (an empty body is then not JSON).
  if (parseAs === "text") return { data: text, response };
  return { data: length || text ? JSON.parse(text) : undefined, response };
}

type Chunk = { candidates?: Array<{ index?: number; content?: { parts?: unknown[] } }> };

/**
 * A non-stream answer sent as an event stream (the gateway switches to its stream handler when
 * the upstream streams: relay/gemini_handler.go:182,191), folded into one: the last chunk's
 * fields, with each candidate's parts of every chunk in order. A chunk that is not JSON rejects
 * with a SyntaxError, as a JSON answer would.
 */
function foldEvents(text: string): Chunk {
  const chunks = [...text.matchAll(/^data:\s*(.*\S)\s*$/gm)]
    .filter(([, data]) => data !== "[DONE]")
    .map(([, data]) => JSON.parse(data as string) as Chunk);
  const parts = new Map<number, unknown[]>();
  for (const { candidates } of chunks)
    for (const { index = 0, content } of candidates ?? [])
      parts.set(index, [...(parts.get(index) ?? []), ...(content?.parts ?? [])]);
  const last = { ...chunks.at(-1) };
  last.candidates &&= last.candidates.map((c) => ({
    ...c,
    content: { ...c.content, parts: parts.get(c.index ?? 0) ?? [] },
  }));
  return last;
}
