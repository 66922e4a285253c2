import { failure } from "./errors.js";

/** The credential header of each route family; the same key goes into each. */
export type RouteFamily = "bearer" | "anthropic" | "google";

/** The `anthropic-version` the count_tokens route requires. */
export const ANTHROPIC_VERSION = "2023-06-01";

/** Every header that can carry a credential: all are set here, never by callers. */
export const CREDENTIAL_HEADERS = [
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "x-goog-api-key",
  "api-key",
  "cookie",
];

/** Which credential header a path gets, as the gateway routes them. */
export function routeFamily(pathname: string): RouteFamily {
  if (pathname.startsWith("/v1/messages")) return "anthropic";
  if (pathname.startsWith("/v1beta/")) return "google";
  return "bearer";
}

/** Sends one request: core's resilient fetch (retries, timeouts, body caps), or a per-call variant of it. */
export type Send = (request: Request) => Promise<Response>;

export interface TransportOptions {
  base: URL;
  apiKey: string;
  /** Same-origin redirects followed at most. Default 5. */
  maxRedirects?: number;
}

/** The method and path actually sent for an answer (after same-origin redirects). */
const sent = new WeakMap<Response, { method: string; pathname: string }>();

/** The request an answer of this transport belongs to; undefined for other answers. */
export function sentRequestOf(
  response: Response,
): { method: string; pathname: string } | undefined {
  return sent.get(response);
}

/**
 * The gateway's own layer over a sender: adds the one credential header a route family
 * expects, only for the gateway's own origin, and handles redirects itself (fetch would carry
 * custom key headers across origins): same-origin redirects are followed with the key, any
 * other is refused. Each hop goes through `send`, so it is retried and timed out by its rules.
 */
export function createTransport({
  base,
  apiKey,
  maxRedirects = 5,
}: TransportOptions): (send: Send) => Send {
  const basePath = base.pathname.replace(/\/+$/, "");

  function withCredential(url: URL, headers: Headers): Headers {
    const out = new Headers(headers);
    for (const name of CREDENTIAL_HEADERS) out.delete(name);
    const family = routeFamily(
      url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname,
    );
    if (family === "bearer") out.set("authorization", `Bearer ${apiKey}`);
    else out.set(family === "google" ? "x-goog-api-key" : "x-api-key", apiKey);
    if (family === "anthropic") out.set("anthropic-version", ANTHROPIC_VERSION);
    return out;
  }

  function refuseForeign(url: URL, why: string, status?: number): never {
    throw failure(
      "redirect",
      "cross_origin_refused",
      `${why} ${url.origin}, not the gateway's origin ${base.origin}: refused, so the API key is not sent there`,
      status,
    );
  }

  return (send) =>
    async function transport(request: Request): Promise<Response> {
      let url = new URL(request.url);
      if (url.origin !== base.origin) refuseForeign(url, "request to");
      let method = request.method;
      // Buffered once, so a 307/308 can replay it; openapi-fetch bodies are small JSON strings.
      let body: ArrayBuffer | undefined =
        method === "GET" || method === "HEAD" ? undefined : await request.arrayBuffer();
      let headers = new Headers(request.headers);
      for (let hop = 0; ; hop++) {
        const response = await send(
          new Request(url, {
            method,
            headers: withCredential(url, headers),
            body: body ?? null,
            signal: request.signal,
            redirect: "manual",
            credentials: "omit",
          }),
        );
        if (response.type === "opaqueredirect") {
          throw failure(
            "redirect",
            "redirect_refused",
            "the gateway answered with a redirect whose target this platform hides: not followed",
          );
        }
        const location = response.headers.get("location");
        if (![301, 302, 303, 307, 308].includes(response.status) || location === null) {
          sent.set(response, { method, pathname: url.pathname });
          return response;
        }
        await response.body?.cancel();
        const next = new URL(location, url);
        if (next.origin !== base.origin)
          refuseForeign(next, "the gateway redirected to", response.status);
        if (hop >= maxRedirects)
          throw failure(
            "redirect",
            "too_many_redirects",
            `more than ${maxRedirects} redirects`,
            response.status,
          );
        // A 303, or a 301/302 after a POST, becomes a GET (status is one of the redirects here).
        if (response.status === 303 || (response.status < 303 && method === "POST")) {
          method = "GET";
          body = undefined;
          headers = new Headers(headers);
          headers.delete("content-type");
        }
        url = next;
      }
    };
}
