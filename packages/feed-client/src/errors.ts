/**
 * Thrown synchronously, before any request, when the client is configured or called with
 * something it must not send (a malformed base URL, a credential header).
 * Check with `isFeedClientConfigError(err)` rather than `instanceof` across realms.
 */
export class FeedClientConfigError extends TypeError {
  override readonly name = "FeedClientConfigError";
  /** Brand, so the check works across realms and duplicated installs. */
  readonly isFeedClientConfigError = true;
  /** The option or header at fault. */
  readonly option: string;

  constructor(option: string, message: string) {
    super(`@feedgate/feed-client: ${option}: ${message}`);
    this.option = option;
  }
}

export function isFeedClientConfigError(value: unknown): value is FeedClientConfigError {
  return typeof value === "object" && value !== null && (value as { isFeedClientConfigError?: unknown }).isFeedClientConfigError === true;
}

/**
 * Thrown (as the rejection of the call) when an answer's body is larger than
 * `maxResponseBytes`: the body is not read further and the connection is released.
 * Check with `isFeedClientResponseError(err)`.
 */
export class FeedClientResponseError extends Error {
  override readonly name = "FeedClientResponseError";
  readonly isFeedClientResponseError = true;
  /** What was wrong with the answer. */
  readonly kind = "response_too_large" as const;
  /** The cap that was passed, in bytes. */
  readonly limit: number;

  constructor(limit: number) {
    super(`@feedgate/feed-client: the answer's body is over maxResponseBytes (${limit} bytes); not read further`);
    this.limit = limit;
  }
}

export function isFeedClientResponseError(value: unknown): value is FeedClientResponseError {
  return typeof value === "object" && value !== null && (value as { isFeedClientResponseError?: unknown }).isFeedClientResponseError === true;
}
