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

const metas = new WeakMap<Response, ResponseMeta>();

/** The request id of an answer, by the gateway's order of precedence (the feed sends `X-Request-Id`). */
export function requestIdFrom(headers: Headers): string | undefined {
  return headers.get("x-request-id") ?? headers.get("x-oneapi-request-id") ?? headers.get("request-id") ?? undefined;
}

export function describeResponse(response: Response, retries: number, url: string): ResponseMeta {
  return {
    status: response.status,
    requestId: requestIdFrom(response.headers),
    etag: response.headers.get("etag") ?? undefined,
    cacheControl: response.headers.get("cache-control") ?? undefined,
    retries,
    url: url || response.url,
  };
}

export function recordMeta(response: Response, meta: ResponseMeta): void {
  metas.set(response, meta);
}

/**
 * The metadata of an answer: `getResponseMeta(result.response)` after any openapi-fetch call
 * made through `createResilientFetch`. Answers that did not pass through it are described
 * from their headers, with `retries: 0`.
 */
export function getResponseMeta(response: Response): ResponseMeta {
  return metas.get(response) ?? describeResponse(response, 0, response.url);
}
