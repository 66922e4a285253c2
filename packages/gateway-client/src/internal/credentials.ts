import { createError } from "@feedgate/core";
import type { Middleware } from "openapi-fetch";
import { OPERATIONS, operationOf, type RouteFamily } from "./operations.js";
import { setCredential } from "./request.js";

/** Which credential header a path gets, as the gateway routes them. */
export function routeFamily(pathname: string): RouteFamily {
  if (pathname.startsWith("/v1/messages")) return "anthropic";
  if (pathname.startsWith("/v1beta/")) return "google";
  return "bearer";
}

/**
 * The key as openapi-fetch middleware, for `rawClient`: every request gets the one credential
 * header its operation's row names (the helpers' requests get it from `requestOf`), and only on
 * the gateway's own origin; a request aimed elsewhere is refused before anything is sent. Any
 * credential header a caller added is dropped first. (Redirects are the transport's: it follows
 * only same-origin ones while a credential rides along.)
 */
export function credentials(base: URL, apiKey: string): Middleware {
  const basePath = base.pathname.replace(/\/+$/, "");
  return {
    onRequest({ request, schemaPath }) {
      const url = new URL(request.url);
      if (url.origin !== base.origin)
        throw createError({
          kind: "redirect",
          code: "cross_origin_refused",
          message: `request to ${url.origin}, not the gateway's origin ${base.origin}: refused, so the API key is not sent there`,
        });
      const id = operationOf(request.method, schemaPath);
      const family = id
        ? OPERATIONS[id].credential
        : routeFamily(url.pathname.slice(basePath.length));
      setCredential(request.headers, family, apiKey);
      return request;
    },
  };
}
