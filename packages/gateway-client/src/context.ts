import type { Client } from "openapi-fetch";
import { describeEnvelope, parseEnvelope } from "./envelope.js";
import { GatewayError, requestIdOf } from "./errors.js";
import type { paths } from "./generated/gateway.js";
import { redact, redactJson } from "./redact.js";
import { GatewayStream, type Decoder } from "./sse.js";

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
 * Operations the gateway documents but may not route (absent from its latest server source):
 * a 404, 405 or 501 on them means "not available here", unless the answer names the id asked for
 * or comes in an upstream's own envelope.
 */
const MAYBE_UNROUTED = new Set(["retrieveResponse", "deleteResponse", "cancelResponse", "countResponseInputTokens", "countMessageTokens"]);

/**
 * `Accept` of the streaming calls. Errors of those operations are JSON (the document declares
 * no other media type for them), so the request says it takes JSON too, at a lower preference.
 */
export const STREAM_ACCEPT = "text/event-stream, application/json;q=0.9";

/** What the helper modules share: the raw client and the error and stream plumbing. */
export interface Context {
  raw: Client<paths>;
  apiKey: string;
  streamIdleTimeoutMs: number;
  /** Builds the typed error of a failed openapi-fetch result. */
  failure(operationId: string, result: { error?: unknown; response: Response }, subjectId?: string): GatewayError;
  /** Wraps a 2xx streaming answer. */
  stream<T>(response: Response, controller: AbortController, decode: (status: number, requestId: string | undefined) => Decoder<T>, idleTimeoutMs?: number): GatewayStream<T>;
  redact(text: string): string;
}

export function createContext(raw: Client<paths>, apiKey: string, streamIdleTimeoutMs: number): Context {
  const hide = (text: string) => redact(text, apiKey);
  return {
    raw,
    apiKey,
    streamIdleTimeoutMs,
    redact: hide,
    failure(operationId, { error, response }, subjectId) {
      const status = response.status;
      const text = typeof error === "string" ? error : JSON.stringify(error ?? "");
      const envelope = redactJson(parseEnvelope(text), apiKey);
      const { code, message } = describeEnvelope(envelope, status);
      const requestId = requestIdOf(response.headers);
      const namesSubject = subjectId !== undefined && message.includes(subjectId);
      // The gateway's own "no such route" answers are OpenAI-style ("Invalid URL (POST /v1/…)"):
      // an Anthropic-style body came from an upstream, so the route exists.
      const fromUpstream = envelope.kind === "anthropic";
      let kind: GatewayError["kind"] = "api";
      if (code === "task_not_exist") kind = "task_not_found";
      else if (MAYBE_UNROUTED.has(operationId) && [404, 405, 501].includes(status) && !namesSubject && !fromUpstream) kind = "unsupported";
      const lead =
        kind === "unsupported"
          ? `${operationId} is not supported by this gateway (HTTP ${status})`
          : `${operationId} failed: HTTP ${status} ${code}: ${hide(message)}`;
      return new GatewayError({
        kind,
        status,
        code: kind === "unsupported" ? "unsupported_by_gateway" : code,
        requestId,
        envelope,
        message: requestId ? `${lead} (request id ${requestId})` : lead,
      });
    },
    stream(response, controller, decode, idleTimeoutMs) {
      const requestId = requestIdOf(response.headers);
      return new GatewayStream({
        response,
        controller,
        decode: decode(response.status, requestId),
        idleTimeoutMs: idleTimeoutMs ?? streamIdleTimeoutMs,
        redact: hide,
      });
    },
  };
}

/** An AbortController that also fires when the caller's signal does. */
export function linkedController(signal: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (signal) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  }
  return controller;
}
