/**
 * `@feedgate/gateway-client/raw`: the typed openapi-fetch client of a gateway client, for any
 * path of the document. Its own entry point, so the helpers' bundle does not carry openapi-fetch.
 * @packageDocumentation
 */

import { configError } from "@feedgate/core";
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./generated/gateway.js";
import type { GatewayClient } from "./internal/client.js";
import { credentials } from "./internal/credentials.js";
import { RAW_SETTINGS } from "./internal/raw-settings.js";

export type { paths };

const made = new WeakMap<GatewayClient, Client<paths>>();

/**
 * The typed openapi-fetch client of `client`: the same base URL, headers and transport (retries,
 * timeouts, redirects, signal), and the credential header each operation's route takes, set by
 * openapi-fetch middleware; a request aimed at another origin is refused before anything is sent.
 * One per client: each call with the same client returns the same object (middleware added with
 * `use()` stays). Throws a ConfigError for an object `createGatewayClient` did not make.
 */
export function rawClient(client: GatewayClient): Client<paths> {
  const known = made.get(client);
  if (known) return known;
  const settings = RAW_SETTINGS.get(client);
  if (settings === undefined)
    throw configError("client", "not a client made by this package's createGatewayClient");
  const { base, headers, apiKey, transport } = settings;
  const raw = createClient<paths>({
    baseUrl: base.href.replace(/\/$/, ""),
    headers,
    credentials: "omit",
    fetch: transport,
  });
  raw.use(credentials(base, apiKey));
  made.set(client, raw);
  return raw;
}
