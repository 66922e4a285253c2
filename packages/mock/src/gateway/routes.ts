import { GATEWAY_RULES } from "@feedgate/gateway-client/rules";
import { routerOf } from "../core/routes.js";
import type { GatewayRoute } from "../core/types.js";

/** Which route family (credential header, error envelope) a path belongs to, as the gateway client sends them. */
export type GatewayFamily = "openai" | "image" | "task" | "anthropic" | "google";

export interface MatchedRoute {
  route: GatewayRoute;
  /** The path parameter (response id, task id, model), decoded. */
  param?: string;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The gateway's operations and their paths, from the bundled document's generated rule table. */
const router = routerOf<GatewayRoute>(GATEWAY_RULES.operations);

export function matchGatewayRoute(method: string, rawPath: string): MatchedRoute | undefined {
  // A client may percent-encode the colon of the Gemini paths; the gateway routes both.
  const matched = router(method, rawPath.replace(/%3A/gi, ":"));
  if (!matched) return undefined;
  // Every gateway operation has at most one path parameter (response id, task id, model).
  const [param] = Object.values(matched.params);
  return param === undefined ? { route: matched.route } : { route: matched.route, param: decode(param) };
}

export function familyOf(route: GatewayRoute | undefined, path: string): GatewayFamily {
  switch (route) {
    case "createImage":
      return "image";
    case "getImageTask":
      return "task";
    case "countMessageTokens":
      return "anthropic";
    case "generateContent":
    case "streamGenerateContent":
      return "google";
    case undefined:
      if (path.startsWith("/v1/messages")) return "anthropic";
      if (path.startsWith("/v1beta/")) return "google";
      return "openai";
    default:
      return "openai";
  }
}
