import { createHash } from "node:crypto";
import type { Reply } from "../core/reply.js";
import { DOCUMENT_OPERATIONS, type DocumentFeedRoute } from "./routes.js";

/** Cache-Control of each operation's 200/304 (and the story's 308), as the spec and the facts sheet declare. */
export const CACHE_CONTROL = {
  items: "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
  codexResets: "public, max-age=60, s-maxage=60, stale-while-revalidate=60",
  codexResetsRecent: "public, max-age=60, s-maxage=60, stale-while-revalidate=60",
  hotTopics: "public, max-age=60, s-maxage=60, stale-while-revalidate=60",
  storyByPublicId: "public, max-age=60, s-maxage=60, stale-while-revalidate=60",
  dailies: "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
  latestDaily: "public, max-age=60, s-maxage=60, stale-while-revalidate=300",
  dailyByDate: "public, max-age=300, s-maxage=300, stale-while-revalidate=3600",
  selectedSnapshot: "public, max-age=300, s-maxage=300, stale-while-revalidate=900",
  selectedChanges: "public, max-age=60, s-maxage=60, stale-while-revalidate=60",
} as const;

/**
 * The feed operations the fake answers: one per entry of its per-operation table
 * (`CACHE_CONTROL`), which must cover every document operation (checked below). An operation the
 * document dropped stays answerable by name until its handler is retired, but is no longer routed.
 */
export type FeedRoute = keyof typeof CACHE_CONTROL;

/** Every operation of the document has its entry: a new one fails to compile until it is answered. */
type Holds<T extends true> = T;
type _CoversTheDocument = Holds<
  [DocumentFeedRoute] extends [keyof typeof CACHE_CONTROL] ? true : false
>;

/** ETag prefix of each operation (the service's own). */
export const ETAG_PREFIX: Record<FeedRoute, string> = {
  items: "v1-items",
  codexResets: "v1-codex-resets",
  codexResetsRecent: "v1-codex-resets-recent",
  hotTopics: "v1-hot",
  storyByPublicId: "v1-story",
  dailies: "v1-dailies",
  latestDaily: "v1-daily",
  dailyByDate: "v1-daily",
  selectedSnapshot: "v1-snapshot",
  selectedChanges: "v1-changes",
};

/** Sent on every answer of the v1 handlers. */
export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, HEAD, OPTIONS",
  "access-control-allow-headers": "Accept, If-None-Match, If-Modified-Since",
  "access-control-expose-headers": "ETag, Last-Modified, Retry-After, X-Request-Id, Link",
  "access-control-max-age": "86400",
};

/** W/"<prefix>-<first 16 hex of SHA-256 of the text>". */
export function weakEtag(prefix: string, text: string): string {
  return `W/"${prefix}-${createHash("sha256").update(text).digest("hex").slice(0, 16)}"`;
}

/** Weak comparison: comma-separated list, `W/` ignored on both sides, `*` matches anything. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  const want = strip(etag);
  return header.split(",").some((token) => {
    const t = token.trim();
    return t === "*" || (t !== "" && strip(t) === want);
  });
}

/** The Cache-Control each operation answers with (a fake's effective `cacheControl` option). */
export type CachePolicy = Readonly<Record<FeedRoute, string>>;

/**
 * The effective policy of a `cacheControl` option: every operation named (or covered by `"*"`)
 * gets its value — a string as is, a number N of seconds as `public, max-age=N, s-maxage=N` —
 * and the others keep the service's own. Throws on an unknown operation or a bad value.
 */
export function cachePolicy(
  option: Partial<Record<FeedRoute | "*", string | number>> | undefined,
  routes: readonly FeedRoute[],
): CachePolicy {
  const policy: Record<FeedRoute, string> = { ...CACHE_CONTROL };
  if (option === undefined) return policy;
  const headerOf = (name: string, value: string | number): string => {
    if (typeof value === "number") {
      if (!Number.isInteger(value) || value < 0)
        throw new RangeError(`cacheControl.${name}: seconds must be an integer ≥ 0, got ${value}`);
      return `public, max-age=${value}, s-maxage=${value}`;
    }
    // A header value: visible ASCII and spaces only (no CR/LF), and not empty.
    if (typeof value !== "string" || !/^[\x20-\x7e]+$/.test(value) || value.trim() === "") {
      throw new TypeError(
        `cacheControl.${name}: expected a Cache-Control header value or a number of seconds, got ${JSON.stringify(value)}`,
      );
    }
    return value;
  };
  for (const name of Object.keys(option)) {
    if (name !== "*" && !routes.includes(name as FeedRoute))
      throw new RangeError(
        `cacheControl: unknown feed operation "${name}" (expected one of ${routes.join(", ")} or "*")`,
      );
  }
  const all = option["*"];
  for (const route of routes) {
    const value = option[route] ?? all;
    if (value !== undefined)
      policy[route] = headerOf(option[route] !== undefined ? route : "*", value);
  }
  return policy;
}

/** A 200 JSON answer with its ETag, or a 304 when If-None-Match matches; Cache-Control from `policy`. */
export function cacheableJson(
  policy: CachePolicy,
  route: FeedRoute,
  value: unknown,
  ifNoneMatch: string | undefined,
  hashOf?: unknown,
): Reply {
  const text = JSON.stringify(value);
  const etag = weakEtag(ETAG_PREFIX[route], hashOf === undefined ? text : JSON.stringify(hashOf));
  const headers: Record<string, string> = {
    etag,
    "cache-control": policy[route],
    vary: "Accept-Encoding",
  };
  if (ifNoneMatchHits(ifNoneMatch, etag)) return { status: 304, headers };
  return {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: text,
  };
}

const DEFAULT_TITLES: Record<number, string> = {
  400: "Bad request",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  408: "Request timeout",
  409: "Conflict",
  429: "Too many requests",
  500: "Internal error",
  502: "Bad gateway",
  503: "Temporarily unavailable",
  504: "Gateway timeout",
};

export interface ProblemOptions {
  /** Explicit title; default by status. */
  title?: string | undefined;
  /** Default `no-store`. */
  cacheControl?: string | undefined;
  /** Retry-After header value; a number also goes into the body as `retryAfter`. */
  retryAfter?: number | string | undefined;
  headers?: Record<string, string> | undefined;
}

/** An application/problem+json answer in the service's key order. */
export function problem(
  requestId: string,
  status: number,
  code: string,
  detail: string,
  options: ProblemOptions = {},
): Reply {
  const body: Record<string, unknown> = {
    type: `/problems/${code.replaceAll("_", "-")}`,
    title: options.title ?? DEFAULT_TITLES[status] ?? "Error",
    status,
    detail,
    code,
    requestId,
  };
  const headers: Record<string, string> = {
    "content-type": "application/problem+json",
    "cache-control": options.cacheControl ?? "no-store",
    ...options.headers,
  };
  if (options.retryAfter !== undefined) {
    headers["retry-after"] = String(options.retryAfter);
    if (typeof options.retryAfter === "number") body["retryAfter"] = Math.ceil(options.retryAfter);
  }
  return { status, headers, body: JSON.stringify(body) };
}

/** A Problem that a handler throws to answer early. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly options: ProblemOptions = {},
  ) {
    super(detail);
  }
}

export const invalidRequest = (detail: string) =>
  new ProblemError(400, "invalid_request", detail, { title: "Invalid request" });
export const invalidCursor = () =>
  new ProblemError(400, "invalid_cursor", "The cursor is malformed.", { title: "Invalid cursor" });
export const snapshotRequired = () =>
  new ProblemError(
    409,
    "snapshot_required",
    `Missing or invalid v1 cursor; fetch ${DOCUMENT_OPERATIONS.selectedSnapshot.path} first.`,
    { title: "Snapshot required" },
  );

/** toISOString: UTC with milliseconds and Z. */
export const isoUtc = (ms: number) => new Date(ms).toISOString();

/** Beijing wall time with milliseconds and +08:00 (codex payloads). */
export const isoBeijing = (ms: number) =>
  new Date(ms + 8 * 3_600_000).toISOString().replace("Z", "+08:00");

/** The Beijing calendar date (YYYY-MM-DD) of an instant. */
export const beijingDate = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
