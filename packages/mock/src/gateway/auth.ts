import type { GatewayFamily } from "./routes.js";

/** The anthropic-version the count_tokens route expects. */
export const ANTHROPIC_VERSION = "2023-06-01";

/** The gateway strips a leading `sk-` before looking a key up. */
const normalise = (key: string) => key.trim().replace(/^sk-/, "");

/**
 * Whether the request carries the key in the header its route family uses, exactly as
 * @feedgate/gateway-client sends it: Bearer on /v1/responses* and /v1/images*, x-api-key on
 * /v1/messages*, x-goog-api-key on /v1beta/*. A key in any other header does not count.
 */
export function hasCredential(family: GatewayFamily, headers: Record<string, string>, apiKey: string): boolean {
  let presented: string | undefined;
  switch (family) {
    case "anthropic":
      presented = headers["x-api-key"];
      break;
    case "google":
      presented = headers["x-goog-api-key"];
      break;
    default: {
      const match = /^bearer\s+(.+)$/i.exec(headers["authorization"] ?? "");
      presented = match?.[1];
    }
  }
  return presented !== undefined && normalise(presented) === normalise(apiKey);
}
