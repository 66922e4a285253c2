import { GATEWAY_RULES } from "@feedgate/gateway-client/rules";
import { routerOf } from "../core/routes.js";

/** The gateway operations, by operationId (specs/gateway/dist/openapi.json, through its generated rule table). */
export type GatewayRoute = keyof typeof GATEWAY_RULES.operations;

/** Every gateway operation, in the rule table's (alphabetical) order. */
export const GATEWAY_ROUTES = Object.keys(GATEWAY_RULES.operations) as readonly GatewayRoute[];

/** Which route family (credential header, error envelope) a path belongs to, as the gateway client sends them. */
export type GatewayFamily = "openai" | "image" | "task" | "anthropic" | "google";

export interface MatchedRoute {
  route: GatewayRoute;
  /** The path parameter (response id, task id, model), decoded. */
  param?: string | undefined;
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

/**
 * `POST /v1/models/{model}:generateContent` (and `:streamGenerateContent`): the gateway routes the
 * v1 Gemini paths to the same relay as /v1beta (router/relay-router.go:190-201), which is where the
 * official Gemini SDK sends its calls with `apiVersion: "v1"`.
 */
const V1_GEMINI = /^\/v1\/models\/([^/]+):(generateContent|streamGenerateContent)$/;

export function matchGatewayRoute(method: string, rawPath: string): MatchedRoute | undefined {
  // A client may percent-encode the colon of the Gemini paths; the gateway routes both.
  const path = rawPath.replace(/%3A/gi, ":");
  const v1 = method === "POST" ? V1_GEMINI.exec(path) : null;
  if (v1)
    return {
      route: v1[2] as "generateContent" | "streamGenerateContent",
      param: decode(v1[1] as string),
    };
  const matched = router(method, path);
  if (!matched) return undefined;
  // Every gateway operation has at most one path parameter (response id, task id, model).
  const [param] = Object.values(matched.params);
  return param === undefined
    ? { route: matched.route }
    : { route: matched.route, param: decode(param) };
}

/** The family of each route that is not OpenAI-format. */
const FAMILIES: Partial<Record<GatewayRoute, GatewayFamily>> = {
  createImage: "image",
  getImageTask: "task",
  countMessageTokens: "anthropic",
  generateContent: "google",
  streamGenerateContent: "google",
};

export function familyOf(route: GatewayRoute | undefined, path: string): GatewayFamily {
  if (route !== undefined) return FAMILIES[route] ?? "openai";
  if (path.startsWith("/v1/messages")) return "anthropic";
  if (path.startsWith("/v1beta/") || path.startsWith("/v1/models/")) return "google";
  return "openai";
}
