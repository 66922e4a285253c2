/**
 * The request id of an answer: the gateway's `x-oneapi-request-id` (the id its operator can look
 * up, and the one its messages quote), else `x-request-id` (which a proxy in front, or the upstream
 * on a relayed success, may have set), else `request-id`.
 */
export function requestIdOf(headers: Headers): string | undefined {
  return (
    headers.get("x-oneapi-request-id") ??
    headers.get("x-request-id") ??
    headers.get("request-id") ??
    undefined
  );
}

/** What is known about one answer, beyond its body. */
export interface ResponseMeta {
  /** HTTP status of the final answer. */
  status: number;
  /** The gateway's `X-Oneapi-Request-Id`, else `X-Request-Id`, else `request-id`. Quote it when reporting a problem. */
  requestId: string | undefined;
  /** `ETag` exactly as received (weak `W/` prefix and quotes kept). */
  etag: string | undefined;
  /** `Cache-Control` as received. */
  cacheControl: string | undefined;
  /** `max-age` of `Cache-Control`, in ms, when given. */
  maxAgeMs: number | undefined;
  /** `s-maxage` of `Cache-Control`, in ms, when given: the feed's minimum polling interval. */
  sMaxAgeMs: number | undefined;
  /** Attempts the transport made for this answer (1 = no retry). */
  attempts: number;
  /** The URL of the final request, after any redirect the transport followed (no credentials: the kit never puts any in URLs). */
  url: string;
  /**
   * The method of the final request (a 303 turns a POST into a GET); undefined for an answer that
   * did not come through the transport. Not enumerable: JSON, spreads and deep
   * equality see the fields above only.
   */
  readonly method: string | undefined;
}

export type Recorded = [attempts: number, url: string, method: string];

/**
 * Per answer, recorded on the answer itself under this symbol: the attempts before it and the
 * request that got it (the rest is read from its headers when asked for). The transport's own
 * buffered answers declare the field; a streamed answer gets it like any other property.
 */
export const META = Symbol("feedgate.meta");

export function recordMeta(
  response: Response,
  attempts: number,
  [url, method]: [url: string, method: string],
): void {
  (response as { [META]?: Recorded })[META] = [attempts, url, method];
}

/**
 * The metadata of an answer: `getResponseMeta(result.response)` after any openapi-fetch call
 * made through `createResilientFetch`. Answers that did not pass through it are described
 * from their headers, with `attempts: 1`.
 */
export function getResponseMeta(response: Response): ResponseMeta {
  const [attempts, url, method] = (response as { [META]?: Recorded })[META] ?? [1, "", undefined];
  const { headers } = response;
  const cacheControl = headers.get("cache-control") ?? undefined;
  const meta = {
    status: response.status,
    requestId: requestIdOf(headers),
    etag: headers.get("etag") ?? undefined,
    cacheControl,
    maxAgeMs: cacheDirectiveMs(cacheControl, "max-age"),
    sMaxAgeMs: cacheDirectiveMs(cacheControl, "s-maxage"),
    attempts,
    url: url || response.url,
  } as ResponseMeta;
  // Not enumerable: `method`; JSON, spreads and deep equality see the rest.
  return Object.defineProperty(meta, "method", { value: method, enumerable: false });
}

/** A delta-seconds directive of `Cache-Control` (`max-age`, `s-maxage`), in ms; undefined when absent. */
export function cacheDirectiveMs(
  cacheControl: string | undefined,
  name: string,
): number | undefined {
  const seconds = new RegExp(`(?:^|,)\\s*${name}\\s*=\\s*"?(\\d+)"?\\s*(?:,|$)`, "i").exec(
    cacheControl ?? "",
  )?.[1];
  return seconds === undefined ? undefined : Number(seconds) * 1000;
}

/**
 * How long an answer stays fresh, from its `Cache-Control`: `s-maxage` (what shared caches,
 * and so the service's CDN, go by), else `max-age`. Undefined when neither is given.
 */
export function freshnessMs(cacheControl: string | undefined): number | undefined {
  return cacheDirectiveMs(cacheControl, "s-maxage") ?? cacheDirectiveMs(cacheControl, "max-age");
}
