import { jsonReply, type Reply } from "../core/reply.js";
import type { Fault } from "../core/types.js";
import type { GatewayFamily } from "./routes.js";

/** A JSON answer as the gateway writes it (`application/json`, no charset). */
export const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply =>
  jsonReply(status, value, headers, "application/json");

/** What the gateway's JSON decoder says of a body that is not JSON (Go's `encoding/json`). */
export const NOT_JSON = "invalid character in request body: not valid JSON";

/** `{"error":{…}}` as JSON: every OpenAI-format envelope. */
const errorReply = (status: number, error: object, headers: Record<string, string> = {}): Reply =>
  json(status, { error }, headers);

/** `{"error":{message,type,param,code}}`: OpenAI-format routes. */
export function openaiError(
  status: number,
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
): Reply {
  return errorReply(status, { message, type, param, code });
}

/** The gateway middleware's own envelope (no `param`), message ending in "(request id: …)". */
export function gatewayError(
  status: number,
  message: string,
  code: string,
  requestId: string,
): Reply {
  const error = { message: `${message} (request id: ${requestId})`, type: "new_api_error", code };
  return errorReply(status, error);
}

/**
 * The gateway's request validation failure: HTTP 500 with `code: "invalid_request"` (controller/relay.go:114,
 * types/error.go:257 defaults the status to 500). Final: retrying cannot help.
 */
export const invalidRequest = (message: string, requestId: string): Reply =>
  relayError(500, "invalid_request", message, requestId);

/** The gateway's answer (500 `invalid_request`) to a body that is not JSON or names no model. */
export function refusal(
  request: Record<string, unknown> | undefined,
  requestId: string,
): Reply | undefined {
  if (!request) return invalidRequest(NOT_JSON, requestId);
  if (typeof request["model"] !== "string" || request["model"] === "")
    return invalidRequest("model is required", requestId);
  return undefined;
}

/**
 * gin NoRoute → controller.RelayNotFound: 404 naming the request's own method and path (path only,
 * no query), behind the engine's `Cache` middleware, hence `Cache-Control: max-age=604800`
 * (router/web-router.go:30-39, middleware/cache.go).
 */
export function noRoute(method: string, path: string): Reply {
  const error = { message: `Invalid URL (${method} ${path})`, type: "invalid_request_error" };
  return errorReply(404, { ...error, param: "", code: "" }, { "cache-control": "max-age=604800" });
}

/** GlobalWebRateLimit's refusal: 429 with an empty body, `Content-Length: 0` (middleware/rate-limit.go:67-74,90-95). */
export function webRateLimited(): Reply {
  return { status: 429, headers: {}, body: "" };
}

/** The distributor's answer to a body that is not JSON (or too large): 400, code `""` (middleware/distributor.go:34-37,172-178). */
export function invalidJsonBody(detail: string, requestId: string): Reply {
  return gatewayError(400, `Invalid request: Invalid request: ${detail}`, "", requestId);
}

/** The distributor's answer to a request without a model: 400, code `""` (middleware/distributor.go:77-80). */
export function modelNotSpecified(requestId: string): Reply {
  return gatewayError(400, "Model name not specified", "", requestId);
}

/** A model-restricted key asked for another model: 403 (middleware/distributor.go:57-75, i18n/locales/en.yaml:262). */
export function noAccessToModel(model: string, requestId: string): Reply {
  return gatewayError(403, `This token has no access to model ${model}`, "", requestId);
}

/** No channel serves the model: 503 `model_not_found` in English (middleware/distributor.go:137-154, en.yaml:266-267). */
export function modelNotFound(model: string, requestId: string): Reply {
  return gatewayError(
    503,
    `No available channel for model ${model} under group default (distributor)`,
    "model_not_found",
    requestId,
  );
}

/**
 * An upstream error as the gateway relays it (service/error.go:86-129, dto/error.go:41-50,
 * types/error.go:317-347): `{message,type,param,code}` with `type: upstream_error`, `code` the
 * upstream's (a number for a Google upstream), `param: ""`, no request id; `status`/`details` dropped.
 */
export function upstreamError(
  status: number,
  message: string,
  code: string | number | null = status,
): Reply {
  return errorReply(status, { message, type: "upstream_error", param: "", code });
}

/** A final error the gateway makes itself after the distributor: HTTP 500 (or `status`), `param: ""`, request id in the message (controller/relay.go:88-148). */
export function relayError(
  status: number,
  code: string,
  message: string,
  requestId: string,
  type = "new_api_error",
): Reply {
  return errorReply(status, {
    message: `${message} (request id: ${requestId})`,
    type,
    param: "",
    code,
  });
}

/** `{"type":"error","error":{type,message}}`: the Anthropic-format route. */
export function anthropicError(status: number, type: string, message: string): Reply {
  return json(status, { type: "error", error: { type, message } });
}

/** `{"error":{code,message,status,details?}}`: Google-format routes. */
export function googleError(
  status: number,
  rpcStatus: string,
  message: string,
  details?: unknown[],
): Reply {
  return json(status, {
    error: { code: status, message, status: rpcStatus, ...(details ? { details } : {}) },
  });
}

/** `{"code","message","data":null}`: image task routes. */
export function taskError(status: number, code: string, message: string): Reply {
  return json(status, { code, message, data: null });
}

/**
 * 401 on every family: the gateway's auth middleware answers before any relay, with
 * `{"error":{"code":"","message":"Invalid token (request id: …)","type":"new_api_error"}}` (middleware/auth.go).
 */
export function unauthorized(requestId: string): Reply {
  return gatewayError(401, "Invalid token", "", requestId);
}

/** Per status: the Google RPC status, the Anthropic error type and the message of a fault's answer. */
const FAULTS: Record<number, readonly [string, string, string]> = {
  408: ["DEADLINE_EXCEEDED", "timeout_error", "The request timed out."],
  429: ["RESOURCE_EXHAUSTED", "rate_limit_error", "Rate limit reached for requests."],
  500: ["INTERNAL", "api_error", "The server had an error while processing your request."],
  502: ["UNAVAILABLE", "api_error", "The upstream answered with an invalid response."],
  503: ["UNAVAILABLE", "overloaded_error", "The upstream is overloaded; retry later."],
  504: ["DEADLINE_EXCEEDED", "timeout_error", "The upstream timed out."],
};

/**
 * The answer of a `status` fault in the family's own envelope, with the retry headers asked for.
 * Anything but a 429 stands for the upstream's error as the gateway relays it ({@link upstreamError}):
 * no invented codes, the upstream's status as the numeric `code`.
 */
export function statusFaultReply(
  family: GatewayFamily,
  fault: Extract<Fault, { type: "status" }>,
  requestId: string,
): Reply {
  const [rpc = "UNKNOWN", anthropic = "api_error", message = "Error."] = FAULTS[fault.status] ?? [];
  const { status, retryDelay } = fault;
  let reply: Reply;
  if (family === "anthropic") reply = anthropicError(status, anthropic, message);
  // The gateway drops a Google error's `status` and `details` (service/error.go:86-129); the
  // Google envelope only when a test asks for a RetryInfo, as a direct upstream would send it.
  else if (family === "google" && retryDelay !== undefined)
    reply = googleError(status, rpc, message, [
      { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay },
    ]);
  // A 429 is ModelRequestRateLimit's, the image-task poll's too (middleware/model-rate-limit.go:93,117);
  // the in-memory limiter's empty 429 is the `body` fault `{ status: 429, body: "" }`.
  else if (status === 429)
    reply = gatewayError(429, "您已达到请求数限制：1分钟内最多请求60次", "", requestId);
  // The poll builder answers only 400 or 500 (relay/relay_task.go:422-466); its 429 is the limiter's.
  else if (family === "task") reply = taskError(status, "get_task_failed", message);
  else reply = upstreamError(status, message);
  if (fault.retryAfter !== undefined && fault.retryAfter !== null)
    reply.headers["retry-after"] = String(fault.retryAfter);
  if (fault.retryAfterMs !== undefined)
    reply.headers["retry-after-ms"] = String(fault.retryAfterMs);
  return reply;
}
