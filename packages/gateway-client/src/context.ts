import type { Client } from "openapi-fetch";
import { describeEnvelope, parseEnvelope } from "./envelope.js";
import { GatewayError, requestIdOf } from "./errors.js";
import type { paths } from "./generated/gateway.js";
import { redact, redactJson } from "./redact.js";
import { GatewayStream } from "./sse.js";
import { decoder } from "./decoders.js";

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
const MAYBE_UNROUTED = ["retrieveResponse", "deleteResponse", "cancelResponse", "countResponseInputTokens", "countMessageTokens"];

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
   * failure status, and on an empty 2xx where JSON was expected. `subjectId` is the id the call
   * is about: a 404 that names it is a real "not found", not a missing route.
   */
  call<T>(operationId: string, method: "GET" | "POST" | "DELETE", path: keyof paths, init: CallInit, options?: CallOptions, subjectId?: string): Promise<T>;
  /** `POST`s a streaming operation and wraps its 2xx answer; `gemini` picks the framing. */
  stream<T>(operationId: string, path: keyof paths, init: CallInit, options: StreamCallOptions | undefined, gemini: boolean): Promise<GatewayStream<T>>;
}

/** Per line and per event caps of streams, in bytes. */
export interface StreamLimits {
  maxStreamLineBytes: number;
  maxStreamEventBytes: number;
}

export function createContext(raw: Client<paths>, apiKey: string, streamIdleTimeoutMs: number, limits: StreamLimits): Context {
  const hide = (text: string) => redact(text, apiKey);
  /** The request id, redacted: a hostile server could echo the key in the header. */
  const idOf = (headers: Headers) => {
    const id = requestIdOf(headers);
    return id === undefined ? undefined : hide(id);
  };

  /** The typed error of a failed call. */
  function failure(operationId: string, { error, response }: Result, subjectId?: string): GatewayError {
    const { status } = response;
    // Redacted before parsing: the envelope keeps at most 500 characters of a text body, and a
    // key cut in two by that limit would no longer be recognised afterwards.
    const envelope = redactJson(parseEnvelope(hide(typeof error === "string" ? error : JSON.stringify(error ?? ""))), apiKey);
    const { code, message } = describeEnvelope(envelope, status);
    const requestId = idOf(response.headers);
    // The gateway's own "no such route" answers are OpenAI-style ("Invalid URL (POST /v1/…)"):
    // an Anthropic-style body came from an upstream, so the route exists.
    const unsupported =
      MAYBE_UNROUTED.includes(operationId) &&
      [404, 405, 501].includes(status) &&
      !(subjectId !== undefined && message.includes(subjectId)) &&
      envelope.kind !== "anthropic";
    // `invalid_request` is the gateway's answer to a request that failed its validation, sent
    // with HTTP 500 by its source: the request is wrong, so it is typed as such and never retried.
    const kind = code === "task_not_exist" ? "task_not_found" : unsupported ? "unsupported" : code === "invalid_request" ? "invalid_request" : "api";
    const lead =
      kind === "unsupported" ? `${operationId} is not supported by this gateway (HTTP ${status})` : `${operationId} failed: HTTP ${status} ${code}: ${hide(message)}`;
    return new GatewayError({
      kind,
      status,
      code: kind === "unsupported" ? "unsupported_by_gateway" : code,
      requestId,
      envelope,
      message: requestId ? `${lead} (request id ${requestId})` : lead,
    });
  }

  async function send(operationId: string, method: string, path: string, init: CallInit, signal: AbortSignal | null, subjectId?: string): Promise<Result> {
    const request = (raw as unknown as Record<string, (path: string, init: object) => Promise<Result>>)[method]!;
    const result = await request(path, { ...init, signal });
    // A 2xx without a body leaves `data` undefined: an error where a JSON answer was expected.
    if (!result.response.ok || (result.data === undefined && init.parseAs === undefined)) throw failure(operationId, result, subjectId);
    return result;
  }

  return {
    raw,
    async call(operationId, method, path, init, options, subjectId) {
      return (await send(operationId, method, path, init, options?.signal ?? null, subjectId)).data as never;
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
        ...limits,
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
