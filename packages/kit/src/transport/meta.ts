import { requestIdOf } from "@feedgate/gateway-client";

export { requestIdOf };

/** What the kit knows about one answer, beyond its body. */
export interface ResponseMeta {
  /** HTTP status of the final answer. */
  status: number;
  /** `X-Request-Id`, else the gateway's `X-Oneapi-Request-Id`, else `request-id`. Quote it when reporting a problem. */
  requestId: string | undefined;
  /** `ETag` exactly as received (weak `W/` prefix and quotes kept). */
  etag: string | undefined;
  /** `Cache-Control` as received. */
  cacheControl: string | undefined;
  /** Retries the transport made before this answer (0 = first attempt). */
  retries: number;
  /** The URL of the final request (no credentials: the kit never puts any in URLs). */
  url: string;
}

export type Recorded = [retries: number, url: string];

/**
 * Per answer: the retries before it and the URL requested; the rest is read from its headers
 * when asked for. The transport's own answers declare a field for it under this symbol (set
 * like any other field); any other answer goes into the WeakMap.
 */
export const META = Symbol("feedgate.meta");
const metas = new WeakMap<Response, Recorded>();

export function recordMeta(response: Response, retries: number, url: string): void {
  if (META in response) (response as { [META]?: Recorded })[META] = [retries, url];
  else metas.set(response, [retries, url]);
}

/**
 * The metadata of an answer: `getResponseMeta(result.response)` after any openapi-fetch call
 * made through `createResilientFetch`. Answers that did not pass through it are described
 * from their headers, with `retries: 0`.
 */
export function getResponseMeta(response: Response): ResponseMeta {
  const [retries, url] = (response as { [META]?: Recorded })[META] ?? metas.get(response) ?? [0, ""];
  const { headers } = response;
  return {
    status: response.status,
    requestId: requestIdOf(headers),
    etag: headers.get("etag") ?? undefined,
    cacheControl: headers.get("cache-control") ?? undefined,
    retries,
    url: url || response.url,
  };
}
