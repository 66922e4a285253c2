import type { RetryPolicy } from "@feedgate/core";
import { codesOf, isFinalAnswer, messageOf, retryDelayOf } from "./codes.js";
import { type GatewayOperationId, OPERATIONS, operationOf } from "./operations.js";

/**
 * The gateway's retry policy: core's data, plus one hook that knows the gateway. Never repeated:
 * an answer the gateway marks final (`codes.ts`), a synchronous image generation (billed per
 * call, no idempotency key), an operation this gateway turned out not to route. Repeated like a
 * read: the free POST routes (token counts, cancel). Waited for: Gemini's `retryDelay`, the one
 * wait that, like a `Retry-After`, lets a billed call's 429 be repeated (the limiter's window is a minute).
 * `unrouted`: the operations known to be unrouted here.
 */
export function gatewayRetry(
  base: URL,
  unrouted: ReadonlySet<GatewayOperationId | undefined>,
): RetryPolicy {
  const basePath = base.pathname.replace(/\/+$/, "");
  return {
    shouldRetry({ request, status, body, headerWaitMs }) {
      const url = new URL(request.url);
      const id = operationOf(request.method, url.pathname.slice(basePath.length));
      const codes = codesOf(body);
      const retryClass = id && OPERATIONS[id].retry;
      const retryAfterMs = retryDelayOf(body);
      // A billed POST's 429 within the gateway's one-minute limiter window counts against it again.
      const final =
        (status === 429 &&
          (retryClass === "billed" || retryClass === "image") &&
          (retryAfterMs ?? headerWaitMs) === undefined) ||
        unrouted.has(id) ||
        // An empty 429 on an operation not every gateway routes may be the web limiter's, which each try feeds.
        (status === 429 && body === undefined && id && OPERATIONS[id].maybeUnrouted) ||
        isFinalAnswer(codes, messageOf(body)) ||
        (retryClass === "image" && url.searchParams.get("async") !== "true");
      return {
        retry: final ? false : retryClass === "free" || undefined,
        retryAfterMs,
        code: codes[0],
      };
    },
  };
}
