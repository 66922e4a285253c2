import { jsonReply, type Reply } from "../core/reply.js";
import type { Fault } from "../core/types.js";
import type { GatewayFamily } from "./routes.js";

/** `{"error":{message,type,param,code}}`: OpenAI-format routes. */
export function openaiError(status: number, message: string, type: string, code: string | null, param: string | null = null): Reply {
  return jsonReply(status, { error: { message, type, param, code } }, {}, "application/json");
}

/** The gateway middleware's own envelope (no `param`), message ending in "(request id: …)". */
export function gatewayError(status: number, message: string, code: string, requestId: string): Reply {
  return jsonReply(status, { error: { message: `${message} (request id: ${requestId})`, type: "new_api_error", code } }, {}, "application/json");
}

/**
 * The gateway's request validation failure: HTTP 500 with `code: "invalid_request"` (controller/relay.go:114,
 * types/error.go:257 defaults the status to 500). Final: retrying cannot help.
 */
export function invalidRequest(message: string, requestId: string): Reply {
  return jsonReply(500, { error: { message: `${message} (request id: ${requestId})`, type: "new_api_error", param: "", code: "invalid_request" } }, {}, "application/json");
}

/** gin NoRoute → controller.RelayNotFound: 404 naming the request's own method and path (path only, no query). */
export function noRoute(method: string, path: string): Reply {
  return jsonReply(404, { error: { message: `Invalid URL (${method} ${path})`, type: "invalid_request_error", param: "", code: "" } }, {}, "application/json");
}

/** `{"type":"error","error":{type,message}}`: the Anthropic-format route. */
export function anthropicError(status: number, type: string, message: string): Reply {
  return jsonReply(status, { type: "error", error: { type, message } }, {}, "application/json");
}

/** `{"error":{code,message,status,details?}}`: Google-format routes. */
export function googleError(status: number, rpcStatus: string, message: string, details?: unknown[]): Reply {
  return jsonReply(status, { error: { code: status, message, status: rpcStatus, ...(details ? { details } : {}) } }, {}, "application/json");
}

/** `{"code","message","data":null}`: image task routes. */
export function taskError(status: number, code: string, message: string): Reply {
  return jsonReply(status, { code, message, data: null }, {}, "application/json");
}

/**
 * 401 on every family: the gateway's auth middleware answers before any relay, with
 * `{"error":{"code":"","message":"Invalid token (request id: …)","type":"new_api_error"}}` (middleware/auth.go).
 */
export function unauthorized(requestId: string): Reply {
  return gatewayError(401, "Invalid token", "", requestId);
}

type StatusFault = Extract<Fault, { type: "status" }>;

/**
 * A status fault on an OpenAI-envelope route. A 429 is the Redis limiter's answer: the gateway
 * envelope with `code: ""` (middleware/model-rate-limit.go); the in-memory limiter's empty body
 * is the `body` fault `{ status: 429, body: "" }`.
 */
function openaiFault(status: number, code: string, message: string, requestId: string): Reply {
  if (status === 429) return gatewayError(429, "您已达到请求数限制：1分钟内最多请求60次", "", requestId);
  return openaiError(status, `${message} (request id: ${requestId})`, "new_api_error", code, "");
}

const RPC: Record<number, string> = { 408: "DEADLINE_EXCEEDED", 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 502: "UNAVAILABLE", 503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED" };
const ANTHROPIC: Record<number, string> = { 408: "timeout_error", 429: "rate_limit_error", 500: "api_error", 502: "api_error", 503: "overloaded_error", 504: "timeout_error" };
const OPENAI: Record<number, [string, string]> = {
  408: ["request_timeout", "The request timed out."],
  429: ["", "Rate limit reached for requests."],
  500: ["server_error", "The server had an error while processing your request."],
  502: ["bad_gateway", "The upstream answered with an invalid response."],
  503: ["upstream_overloaded", "The upstream is overloaded; retry later."],
  504: ["gateway_timeout", "The upstream timed out."],
};

/** The answer of a `status` fault in the family's own envelope, with the retry headers asked for. */
export function statusFaultReply(family: GatewayFamily, fault: StatusFault, requestId: string): Reply {
  const [code, message] = OPENAI[fault.status] ?? ["error", "Error."];
  let reply: Reply;
  switch (family) {
    case "anthropic":
      reply = anthropicError(fault.status, ANTHROPIC[fault.status] ?? "api_error", message);
      break;
    case "google":
      // The gateway normalises upstream errors to the OpenAI envelope on the Gemini routes too
      // (service/error.go:86-129); the Google envelope only when a test asks for a RetryInfo.
      if (fault.retryDelay !== undefined) {
        reply = googleError(fault.status, RPC[fault.status] ?? "UNKNOWN", message, [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: fault.retryDelay }]);
      } else {
        reply = openaiFault(fault.status, code, message, requestId);
      }
      break;
    case "task":
      reply = taskError(fault.status, fault.status === 429 ? "bad_response_status_code" : "fetch_task_failed", message);
      break;
    default:
      reply = openaiFault(fault.status, code, message, requestId);
  }
  if (fault.retryAfter !== undefined && fault.retryAfter !== null) reply.headers["retry-after"] = String(fault.retryAfter);
  if (fault.retryAfterMs !== undefined) reply.headers["retry-after-ms"] = String(fault.retryAfterMs);
  return reply;
}
