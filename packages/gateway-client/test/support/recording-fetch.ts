/** One request the client sent and what came back, as seen on the wire. */
export interface Exchange {
  method: string;
  url: string;
  /** The request headers after the client added its credential. */
  requestHeaders: Headers;
  /** The request body as text ("" when there was none). */
  requestBody: string;
  status: number;
  responseHeaders: Headers;
  /** The response body as text, read from a clone (so the client still gets the original). */
  responseBody: () => Promise<string>;
}

/**
 * A `fetch` for `createGatewayClient({ fetch })` that passes each request to the real fetch and
 * records both sides. Contract tests use it to see what Prism answered (its `sl-violations`
 * header, the status and the body) and what exactly the client put on the wire.
 */
export function recordingFetch() {
  const exchanges: Exchange[] = [];
  return {
    exchanges,
    /** The last exchange; fails the test when nothing was sent. */
    last(): Exchange {
      const exchange = exchanges.at(-1);
      if (!exchange) throw new Error("the client sent no request");
      return exchange;
    },
    fetch: async (request: Request): Promise<Response> => {
      const requestBody = request.body ? await request.clone().text() : "";
      const response = await globalThis.fetch(request);
      const copy = response.clone();
      let text: Promise<string> | undefined;
      exchanges.push({
        method: request.method,
        url: request.url,
        requestHeaders: new Headers(request.headers),
        requestBody,
        status: response.status,
        responseHeaders: response.headers,
        responseBody: () => (text ??= copy.text()),
      });
      return response;
    },
  };
}
