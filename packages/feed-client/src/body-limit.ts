import { FeedClientResponseError } from "./errors.js";

/** Default of `maxResponseBytes`: 32 MiB, far above any page the service sends (≤ 1000 items). */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * Wraps a fetch so no answer's body can exceed `limit` bytes. An answer that announces a
 * length within the limit is returned as it is (the platform enforces `Content-Length`); one
 * that announces more is refused unread; one without a length is counted as it is read and
 * errors as soon as it passes the limit, so an endless body costs at most one chunk past it.
 */
export function limitBodies(fetch: (request: Request) => Promise<Response>, limit: number) {
  return async (request: Request): Promise<Response> => {
    const response = await fetch(request);
    const { body } = response;
    if (body === null) return response;
    const length = response.headers.get("content-length");
    if (length !== null && /^\d+$/.test(length) && !response.headers.has("content-encoding")) {
      if (Number(length) <= limit) return response;
      await body.cancel().catch(() => {});
      throw new FeedClientResponseError(limit);
    }
    let seen = 0;
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > limit) controller.error(new FeedClientResponseError(limit));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
