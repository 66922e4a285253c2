// Names of the 0.1.0 API that live on for one minor release as deprecated aliases, so an app
// written against 0.1.0 compiles with strike-throughs pointing at the replacement instead of
// errors. Removed in the next minor: see the migration section of the CHANGELOG.
import type { FeedgateError } from "@feedgate/core";
import { errorOfResult, type FeedProblem } from "@feedgate/feed-client";

/**
 * The 0.1.0 conversion of a gateway-client error into the family.
 * @deprecated Nothing to convert: the gateway client throws the `FeedgateError` family itself,
 * so this returns its argument. Removed in the next minor.
 */
export const fromGatewayError = (error: unknown): unknown => error;

/**
 * The 0.1.0 conversion of the feed's failure (`readProblem(result)`) into the family.
 * @deprecated Use `errorOfResult(result)` from `@feedgate/feed-client` (the kit's calls already
 * throw it). Removed in the next minor.
 */
export function fromFeedProblem(
  failure: FeedProblem,
  headers?: Headers,
  options: { now?: (() => number) | undefined } = {},
): FeedgateError {
  const all = new Headers(headers);
  if (failure.requestId !== undefined && !all.has("x-request-id"))
    all.set("x-request-id", failure.requestId);
  const response = new Response(null, { status: failure.status, headers: all });
  return errorOfResult({ response, error: failure.problem }, options.now)!;
}
