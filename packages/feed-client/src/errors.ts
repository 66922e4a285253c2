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
