import { CREDENTIAL_HEADERS, createError } from "@feedgate/core";
import type { Middleware } from "openapi-fetch";
import { OPERATIONS, operationOf, type RouteFamily } from "./operations.js";

export type { RouteFamily };

/** The `anthropic-version` the count_tokens route requires. */
export const ANTHROPIC_VERSION = "2023-06-01";

/** Which credential header a path gets, as the gateway routes them. */
export function routeFamily(pathname: string): RouteFamily {
  if (pathname.startsWith("/v1/messages")) return "anthropic";
  if (pathname.startsWith("/v1beta/")) return "google";
  return "bearer";
}

/**
 * The key as openapi-fetch middleware: every request (the helpers' and `raw`'s) gets the one
 * credential header its operation's row names, and only on the gateway's own origin; a request
 * aimed elsewhere is refused before anything is sent. Any credential header a caller added is
 * dropped first. (Redirects are the transport's: it follows only same-origin ones while a
 * credential rides along.)
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
      const { headers } = request;
      for (const name of CREDENTIAL_HEADERS) headers.delete(name);
      if (family === "bearer") headers.set("authorization", `Bearer ${apiKey}`);
      else headers.set(family === "google" ? "x-goog-api-key" : "x-api-key", apiKey);
      if (family === "anthropic") headers.set("anthropic-version", ANTHROPIC_VERSION);
      return request;
    },
  };
}
