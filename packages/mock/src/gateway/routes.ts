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

export function matchGatewayRoute(method: string, rawPath: string): MatchedRoute | undefined {
  // A client may percent-encode the colon of the Gemini paths; the gateway routes both.
  const path = rawPath.replace(/%3A/gi, ":");
  const post = method === "POST";
  if (post && path === "/v1/responses") return { route: "createResponse" };
  if (post && path === "/v1/responses/input_tokens") return { route: "countResponseInputTokens" };
  if (post && path === "/v1/responses/compact") return { route: "compactResponse" };
  let m = /^\/v1\/responses\/([^/]+)\/cancel$/.exec(path);
  if (m && post) return { route: "cancelResponse", param: decode(m[1] as string) };
  m = /^\/v1\/responses\/([^/]+)$/.exec(path);
  if (m && (method === "GET" || method === "HEAD")) return { route: "retrieveResponse", param: decode(m[1] as string) };
  if (m && method === "DELETE") return { route: "deleteResponse", param: decode(m[1] as string) };
  if (post && path === "/v1/images/generations") return { route: "createImage" };
  m = /^\/v1\/images\/generations\/([^/]+)$/.exec(path);
  if (m && (method === "GET" || method === "HEAD")) return { route: "getImageTask", param: decode(m[1] as string) };
  if (post && path === "/v1/messages/count_tokens") return { route: "countMessageTokens" };
  m = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
  if (m && post) return { route: m[2] === "generateContent" ? "generateContent" : "streamGenerateContent", param: decode(m[1] as string) };
  return undefined;
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
