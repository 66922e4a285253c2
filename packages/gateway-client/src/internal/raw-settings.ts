import type { ResilientFetch } from "@feedgate/core";

/** What `rawClient` builds a client's openapi-fetch client from. */
export interface RawSettings {
  /** The gateway's base URL, with a trailing slash. */
  base: URL;
  /** The headers of every request, before the credential. */
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
