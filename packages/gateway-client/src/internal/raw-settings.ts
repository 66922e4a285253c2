import type { ResilientFetch } from "@feedgate/core";

/** What every request of a client starts from: the helpers' (`CallerSettings`) and `rawClient`'s. */
export interface RawSettings {
  /** The gateway's base URL, with a trailing slash. */
  base: URL;
  /** The headers of every request (`Accept`, `User-Agent`, the client's `headers`), before a call's own and the credential. */
  headers: Record<string, string>;
  apiKey: string;
  /** The client's transport, its retry policy, redirects and signal in place. */
  transport: ResilientFetch;
}

/**
 * Each client's settings, kept here for `@feedgate/gateway-client/raw` rather than on the client:
 * the key stays on no property of it, and the main entry point does not bring openapi-fetch.
 */
export const RAW_SETTINGS = new WeakMap<object, RawSettings>();
