import type { RetryPolicy } from "@feedgate/core";
import { codesOf, isFinalAnswer, messageOf, retryDelayOf } from "./codes.js";
import { type GatewayOperationId, OPERATIONS, operationOf } from "./operations.js";

/**
 * The gateway's retry policy: core's data, plus one hook that knows the gateway. Never repeated:
 * an answer the gateway marks final (`codes.ts`), a synchronous image generation (billed per
 * call, no idempotency key), an operation this gateway turned out not to route. Repeated like a
 * read: the free POST routes (token counts, cancel). Waited for: Gemini's `retryDelay`.
 * `unrouted` says whether an operation is known to be unrouted here.
 */
export function gatewayRetry(
  base: URL,
  unrouted: (operationId: GatewayOperationId) => boolean,
): RetryPolicy {
  const basePath = base.pathname.replace(/\/+$/, "");
  return {
    shouldRetry({ request, body }) {
      const url = new URL(request.url);
      const id = operationOf(request.method, url.pathname.slice(basePath.length));
      const codes = codesOf(body);
      const retryClass = id && OPERATIONS[id].retry;
      const final =
        (id !== undefined && unrouted(id)) ||
        isFinalAnswer(codes, messageOf(body)) ||
        (retryClass === "image" && url.searchParams.get("async") !== "true");
      return {
        retry: final ? false : retryClass === "free" ? true : undefined,
        retryAfterMs: retryDelayOf(body),
        code: codes[0],
      };
    },
  };
}
