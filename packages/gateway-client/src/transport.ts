import { GatewayError } from "./errors.js";

/** The credential header of each route family; the same key goes into each. */
export type RouteFamily = "bearer" | "anthropic" | "google";

/** The `anthropic-version` the count_tokens route requires. */
export const ANTHROPIC_VERSION = "2023-06-01";

/** Every header that can carry a credential: all are set here, never by callers. */
export const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "x-api-key", "x-goog-api-key", "api-key", "cookie"];

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Which credential header a path gets, as the gateway routes them. */
export function routeFamily(pathname: string): RouteFamily {
  if (pathname.startsWith("/v1/messages")) return "anthropic";
  if (pathname.startsWith("/v1beta/")) return "google";
  return "bearer";
}

export interface TransportOptions {
  base: URL;
  apiKey: string;
  fetch: (input: Request) => Promise<Response>;
  /** Same-origin redirects followed at most. Default 5. */
  maxRedirects?: number;
}

/**
 * A fetch that adds the one credential header a route family expects, only for the gateway's
 * own origin, and handles redirects itself (fetch would carry custom key headers across
 * origins): same-origin redirects are followed with the key, any other is refused.
 */
export function createTransport({ base, apiKey, fetch, maxRedirects = 5 }: TransportOptions) {
  const basePath = base.pathname.replace(/\/+$/, "");

  function withCredential(url: URL, headers: Headers): Headers {
    const out = new Headers(headers);
    for (const name of CREDENTIAL_HEADERS) out.delete(name);
    const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    switch (routeFamily(path)) {
      case "anthropic":
        out.set("x-api-key", apiKey);
        out.set("anthropic-version", ANTHROPIC_VERSION);
        break;
      case "google":
        out.set("x-goog-api-key", apiKey);
        break;
      case "bearer":
        out.set("authorization", `Bearer ${apiKey}`);
    }
    return out;
  }

  function refuseForeign(url: URL, why: string): never {
    throw new GatewayError({
      kind: "redirect",
      code: "cross_origin_refused",
      message: `${why} ${url.origin}, not the gateway's origin ${base.origin}: refused, so the API key is not sent there`,
    });
  }

  return async function transport(request: Request): Promise<Response> {
    let url = new URL(request.url);
    if (url.origin !== base.origin) refuseForeign(url, "request to");
    let method = request.method;
    // Buffered once, so a 307/308 can replay it; openapi-fetch bodies are small JSON strings.
    let body: ArrayBuffer | undefined = method === "GET" || method === "HEAD" ? undefined : await request.arrayBuffer();
    let headers = new Headers(request.headers);
    for (let hop = 0; ; hop++) {
      const response = await fetch(
        new Request(url, { method, headers: withCredential(url, headers), body: body ?? null, signal: request.signal, redirect: "manual", credentials: "omit" }),
      );
      if (response.type === "opaqueredirect") {
        throw new GatewayError({
          kind: "redirect",
          code: "redirect_refused",
          message: "the gateway answered with a redirect whose target this platform hides: not followed",
        });
      }
      const location = response.headers.get("location");
      if (!REDIRECTS.has(response.status) || location === null) return response;
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== base.origin) refuseForeign(next, "the gateway redirected to");
      if (hop >= maxRedirects) {
        throw new GatewayError({ kind: "redirect", code: "too_many_redirects", status: response.status, message: `more than ${maxRedirects} redirects` });
      }
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
        headers = new Headers(headers);
        headers.delete("content-type");
      }
      url = next;
    }
  };
}
