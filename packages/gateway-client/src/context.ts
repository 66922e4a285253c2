import type { Client } from "openapi-fetch";
import { describeEnvelope, parseEnvelope, type GatewayEnvelope } from "./envelope.js";
import { GatewayError, isGatewayError, requestIdOf, type GatewayErrorKind } from "./errors.js";
import type { paths } from "./generated/gateway.js";
import { redact, withRequestId } from "./redact.js";
import { shapeProblem } from "./shapes.js";
import { GatewayStream, type StreamLimits } from "./sse.js";
import { decoder } from "./decoders.js";
import { sentRequestOf } from "./transport.js";

/** Per-call options of every helper. */
export interface CallOptions {
  /** Cancels the request (and a stream's body) when it fires. Default: none. */
  signal?: AbortSignal;
}

/** Per-call options of the streaming helpers. */
export interface StreamCallOptions extends CallOptions {
  /** Ends the stream with a `stream_timeout` GatewayError after this long without bytes. Default: the client's `streamIdleTimeoutMs`. */
  idleTimeoutMs?: number;
}

/**
 * Operations the gateway documents but its source does not register (upstream new-api #1216):
 * besides the NoRoute 404, a 405 or 501, a 404 without any envelope (a proxy's page), or a
 * 301/302 to another origin (a node with a console origin) also means "not available here".
 */
const MAYBE_UNROUTED = ["retrieveResponse", "deleteResponse", "cancelResponse", "countResponseInputTokens", "countMessageTokens"];

/**
 * True for the gateway's NoRoute answer to this very request: 404, `type: invalid_request_error`
 * and the message `Invalid URL (<METHOD> <path>)` naming the method and path that were sent (a
 * proxy that strips a path prefix leaves the gateway a suffix of it).
 */
export function isNoRoute(envelope: GatewayEnvelope, status: number, sent: { method: string; pathname: string } | undefined): boolean {
  if (status !== 404 || envelope.kind !== "openai" || envelope.error.type !== "invalid_request_error") return false;
  const match = /^Invalid URL \((\S+) (\S+)\)$/.exec(envelope.error.message);
  if (!match || sent === undefined) return false;
  const [, method, path] = match as unknown as [string, string, string];
  return method === sent.method && (sent.pathname === path || sent.pathname.endsWith(path));
}

/**
 * `Accept` of the streaming calls. Errors of those operations are JSON (the document declares
 * no other media type for them), so the request says it takes JSON too, at a lower preference.
 */
const STREAM_ACCEPT = "text/event-stream, application/json;q=0.9";

/** What one call passes to openapi-fetch besides the path and the signal. */
export interface CallInit {
  body?: unknown;
  params?: object;
  parseAs?: "text" | "stream";
  headers?: Record<string, string>;
}

/** The result of an openapi-fetch call, loosely typed: the helpers' signatures carry the real types. */
interface Result {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * What the helper modules share. The typed openapi-fetch client checks each path and body where
 * `raw` is used directly; the helpers go through `call` and `stream`, whose public signatures
 * carry the generated request and answer types instead.
 */
export interface Context {
  raw: Client<paths>;
  /**
   * Sends one operation and returns its parsed answer. Throws the operation's GatewayError on a
   * failure status, and `invalid_response` on a 2xx that is empty or not of the operation's shape
   * where JSON was expected.
   */
  call<T>(operationId: string, method: "GET" | "POST" | "DELETE", path: keyof paths, init: CallInit, options?: CallOptions): Promise<T>;
  /** `POST`s a streaming operation and wraps its 2xx answer; `gemini` picks the framing. */
  stream<T>(operationId: string, path: keyof paths, init: CallInit, options: StreamCallOptions | undefined, gemini: boolean): Promise<GatewayStream<T>>;
}

export function createContext(raw: Client<paths>, apiKey: string, streamIdleTimeoutMs: number, limits: StreamLimits): Context {
  const hide = (text: string) => redact(text, apiKey);
  const idOf = (headers: Headers) => {
    const id = requestIdOf(headers);
    return id === undefined ? undefined : hide(id);
  };

  /** The typed error of a failed call. */
  function failure(operationId: string, { error, response }: Result): GatewayError {
    const { status } = response;
    // Redacted as raw text, before parsing or any truncation: property names and escaped echoes go too.
    const envelope = parseEnvelope(hide(typeof error === "string" ? error : JSON.stringify(error ?? "")));
    const { code, message } = describeEnvelope(envelope, status);
    const requestId = idOf(response.headers);
    const unrouted =
      isNoRoute(envelope, status, sentRequestOf(response)) ||
      (MAYBE_UNROUTED.includes(operationId) && ([405, 501].includes(status) || (status === 404 && (envelope.kind === "empty" || envelope.kind === "text"))));
    const kind: GatewayErrorKind =
      code === "task_not_exist"
        ? "task_not_found"
        : unrouted
          ? "unsupported"
          : code === "invalid_request" || (code === "invalid_request_error" && status !== 404)
            ? "invalid_request"
            : status === 429 && !/quota/.test(code)
              ? "rate_limited"
              : "api";
    const lead = unrouted ? `${operationId} is not supported by this gateway (HTTP ${status}: ${message})` : `${operationId} failed: HTTP ${status} ${code}: ${message}`;
    return new GatewayError({
      kind,
      status,
      code: unrouted ? "unsupported_by_gateway" : code,
      requestId,
      envelope,
      message: withRequestId(lead, requestId),
    });
  }

  /** A refused cross-origin 301/302 on an operation the gateway may not route: the node sent it to its console. */
  function redirectedAway(operationId: string, error: unknown): unknown {
    if (!isGatewayError(error) || error.kind !== "redirect" || error.code !== "cross_origin_refused") return error;
    if (!MAYBE_UNROUTED.includes(operationId) || (error.status !== 301 && error.status !== 302)) return error;
    return new GatewayError({
      kind: "unsupported",
      status: error.status,
      code: "unsupported_by_gateway",
      message: `${operationId} is not supported by this gateway: it answered HTTP ${error.status} with a redirect (${error.message})`,
      cause: error,
    });
  }

  async function send(operationId: string, method: string, path: string, init: CallInit, signal: AbortSignal | null): Promise<Result> {
    const request = (raw as unknown as Record<string, (path: string, init: object) => Promise<Result>>)[method]!;
    let result: Result;
    try {
      result = await request(path, { ...init, signal });
    } catch (error) {
      // A 2xx body that is not JSON surfaces as openapi-fetch's SyntaxError.
      if (error instanceof SyntaxError) throw invalidResponse(operationId, "not JSON", undefined);
      throw redirectedAway(operationId, error);
    }
    if (!result.response.ok) throw failure(operationId, result);
    // A 2xx without a body leaves `data` undefined: an error where a JSON answer was expected.
    if (init.parseAs === undefined) {
      const problem = result.data === undefined ? "an empty body" : shapeProblem(operationId, result.data);
      if (problem !== undefined) throw invalidResponse(operationId, problem, result.response);
    }
    return result;
  }

  function invalidResponse(operationId: string, problem: string, response: Response | undefined): GatewayError {
    const requestId = response && idOf(response.headers);
    return new GatewayError({
      kind: "invalid_response",
      status: response?.status,
      code: "invalid_response",
      requestId,
      message: withRequestId(`${operationId}: the gateway's ${response ? `HTTP ${response.status} ` : ""}answer is not of the operation's shape: ${problem}`, requestId),
    });
  }

  return {
    raw,
    async call(operationId, method, path, init, options) {
      return (await send(operationId, method, path, init, options?.signal ?? null)).data as never;
    },
    async stream(operationId, path, init, options, gemini) {
      const controller = linkedController(options?.signal);
      const { response } = await send(operationId, "POST", path, { ...init, headers: { Accept: STREAM_ACCEPT }, parseAs: "stream" }, controller.signal);
      return new GatewayStream({
        response,
        controller,
        decode: decoder(gemini, hide, response.status, idOf(response.headers)),
        idleTimeoutMs: options?.idleTimeoutMs ?? streamIdleTimeoutMs,
        redact: hide,
        limits,
      });
    },
  };
}

/** An AbortController that also fires when the caller's signal does. */
function linkedController(signal: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (signal) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  }
  return controller;
}
