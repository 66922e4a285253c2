import {
  type APIPromise,
  apiPromise,
  type CallOverrides,
  createError,
  type FeedgateError,
  type FeedgateErrorKind,
  type GatewayEnvelope,
  getResponseMeta,
  isFeedgateError,
  kindOfStatus,
  parseRetryAfterHeaders,
  type ResilientFetch,
  requestIdOf,
  stripUndefined,
} from "@feedgate/core";
import type { Client } from "openapi-fetch";
import { decoder, geminiTerminal, responsesTerminal } from "./decoders.js";
import { describeEnvelope, parseEnvelope, statusNamed } from "./envelope.js";
import { failure } from "./errors.js";
import { explain } from "./explain.js";
import type { paths } from "./generated/gateway.js";
import { redact } from "./redact.js";
import { shapeProblem } from "./shapes.js";
import { GatewayStream, type StreamLimits } from "./sse.js";
import { type Send, sentRequestOf } from "./transport.js";

/** Per-call options of every helper. Each one left out takes the client's setting. */
export interface CallOptions {
  /** Cancels the request (and a stream's body) when it fires; the call rejects with an `AbortError`. Default: none. */
  signal?: AbortSignal | undefined;
  /**
   * Retries of this call (`0` turns them off). Default: the client's `maxRetries` (2). A
   * synchronous image generation is never retried, whatever this says: each call is billed.
   */
  maxRetries?: number | undefined;
  /**
   * Per-attempt timeout of this call, in ms: until the whole answer has arrived (until the
   * headers for streams, whose idle time `idleTimeoutMs` watches). Default: the client's `timeoutMs` (600000).
   */
  timeoutMs?: number | undefined;
}

/** Per-call options of the streaming helpers. */
export interface StreamCallOptions extends CallOptions {
  /** Ends the stream with a `TimeoutError` (code `stream_idle_timeout`) after this long without bytes. Default: the client's `streamIdleTimeoutMs` (330000). */
  idleTimeoutMs?: number | undefined;
}

/**
 * Operations the gateway documents but its source does not register (upstream new-api #1216):
 * besides the NoRoute 404, a 405 or 501, a 404 without any envelope (a proxy's page), or a
 * 301/302 to another origin (a node with a console origin) also means "not available here".
 */
const MAYBE_UNROUTED = [
  "retrieveResponse",
  "deleteResponse",
  "cancelResponse",
  "countResponseInputTokens",
  "countMessageTokens",
];

/**
 * True for the gateway's NoRoute answer to this very request: 404, `type: invalid_request_error`
 * and the message `Invalid URL (<METHOD> <path>)` naming the method and path that were sent (a
 * proxy that strips a path prefix leaves the gateway a suffix of it).
 */
export function isNoRoute(
  envelope: GatewayEnvelope,
  status: number,
  sent: { method: string; pathname: string } | undefined,
): boolean {
  if (
    status !== 404 ||
    envelope.kind !== "openai" ||
    envelope.error.type !== "invalid_request_error"
  )
    return false;
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

/** How the context sends: the client's transport, and per-call variants of it. */
export interface Sending {
  /** The gateway layer (credentials, redirects) over a sender. */
  transport: (send: Send) => Send;
  /** Core's resilient fetch with the client's retry and timeout settings. */
  resilient: ResilientFetch;
  /** The overall deadline that lets every attempt use its whole timeout. */
  deadline: (timeoutMs: number, maxRetries: number) => number;
  timeoutMs: number;
  maxRetries: number;
}

/**
 * What the helper modules share. The typed openapi-fetch client checks each path and body where
 * `raw` is used directly; the helpers go through `call` and `stream`, whose public signatures
 * carry the generated request and answer types instead.
 */
export interface Context {
  raw: Client<paths>;
  /**
   * Sends one operation and returns its parsed answer (mapped by `map`) as an APIPromise.
   * `init` may be a function: it runs inside the promise, so a bad argument rejects the call.
   * Rejects with the operation's error on a failure status, and `invalid_response` on a 2xx that
   * is empty or not of the operation's shape where JSON was expected.
   */
  call<T>(
    operationId: string,
    method: "GET" | "POST" | "DELETE",
    path: keyof paths,
    init: CallInit | (() => CallInit),
    options?: CallOptions,
    // biome-ignore lint/suspicious/noExplicitAny: openapi-fetch's data type differs per operation; the caller's map narrows it.
    map?: (data: any) => T,
  ): APIPromise<T>;
  /** `POST`s a streaming operation and wraps its 2xx answer; `gemini` picks the framing. */
  stream<T>(
    operationId: string,
    path: keyof paths,
    init: CallInit,
    options: StreamCallOptions | undefined,
    gemini: boolean,
  ): Promise<GatewayStream<T>>;
}

export function createContext(
  raw: Client<paths>,
  apiKey: string,
  sending: Sending,
  streamIdleTimeoutMs: number,
  limits: StreamLimits,
): Context {
  const hide = (text: string) => redact(text, apiKey);
  const idOf = (headers: Headers) => {
    const id = requestIdOf(headers);
    return id === undefined ? undefined : hide(id);
  };

  /** Operations this client's gateway answered as unrouted: later calls are answered `unsupported` without sending. */
  const unroutedOps = new Set<string>();

  /** The typed error of a failed call. */
  function failed(operationId: string, { error, response }: Result, init: CallInit): FeedgateError {
    const { status, headers } = response;
    // Redacted as raw text, before parsing or any truncation: property names and escaped echoes go too.
    // An empty body (Content-Length: 0) leaves openapi-fetch's `error` undefined: envelope kind `empty`.
    const envelope = parseEnvelope(
      hide(typeof error === "string" ? error : error === undefined ? "" : JSON.stringify(error)),
    );
    const unrouted =
      isNoRoute(envelope, status, sentRequestOf(response)) ||
      // The web limiter's 429 on an operation another call already found unrouted.
      (status === 429 && unroutedOps.has(operationId)) ||
      (MAYBE_UNROUTED.includes(operationId) &&
        ([405, 501].includes(status) ||
          (status === 404 && (envelope.kind === "empty" || envelope.kind === "text"))));
    if (unrouted) unroutedOps.add(operationId);
    return errorOf(
      operationId,
      envelope,
      status,
      headers,
      init,
      unrouted,
      getResponseMeta(response).attempts,
    );
  }

  /** The typed error an envelope names: of an HTTP failure, or one a 200 stream carried raw (then `status` is the one its code names). */
  function errorOf(
    operationId: string,
    envelope: GatewayEnvelope,
    status: number,
    headers: Headers,
    init: CallInit,
    unrouted: boolean,
    attempts?: number,
  ): FeedgateError {
    const { code, message } = describeEnvelope(envelope, status);
    const kind: FeedgateErrorKind =
      code === "task_not_exist"
        ? "not_found"
        : unrouted
          ? "unsupported"
          : code === "invalid_request_error" && status !== 404
            ? "invalid_request"
            : // A 429 is rate_limited whatever its code; one naming a quota is not transient (core's isTransientError).
              kindOfStatus(status, code);
    const taskId =
      operationId === "getImageTask"
        ? (init.params as { path?: { task_id?: string } } | undefined)?.path?.task_id
        : undefined;
    const why = unrouted ? "" : explain(operationId, status, code, message, init, taskId);
    return createError({
      kind,
      status,
      code: unrouted ? "unsupported_by_gateway" : code,
      requestId: idOf(headers),
      retryAfterMs: status === 429 ? parseRetryAfterHeaders(headers) : undefined,
      attempts,
      envelope,
      taskId: taskId === undefined ? undefined : hide(taskId),
      message: unrouted
        ? `${operationId} is not supported by this gateway (HTTP ${status}: ${message})`
        : hide(`${operationId} failed: HTTP ${status} ${code}: ${message}${why}`),
    });
  }

  /** A refused cross-origin 301/302  /** A refused cross-origin 301/302 on an operation the gateway may not route: the node sent it to its console. */
  function redirectedAway(operationId: string, error: unknown): unknown {
    if (!isFeedgateError(error, "redirect") || error.code !== "cross_origin_refused") return error;
    if (!MAYBE_UNROUTED.includes(operationId) || (error.status !== 301 && error.status !== 302))
      return error;
    return createError({
      kind: "unsupported",
      status: error.status,
      code: "unsupported_by_gateway",
      message: `${operationId} is not supported by this gateway: it answered HTTP ${error.status} with a redirect (${error.message})`,
      cause: error,
    });
  }

  /**
   * The sender of one call: the client's own, or one with this call's retries and timeout. An
   * operation the gateway may not route stops retrying once any call learned it is unrouted (a
   * concurrent call's 429 then comes from the web limiter in front of NoRoute).
   */
  function fetchFor(operationId: string, options: CallOptions | undefined): Send | undefined {
    const { maxRetries, timeoutMs } = options ?? {};
    const own = maxRetries !== undefined || timeoutMs !== undefined;
    const maybeUnrouted = MAYBE_UNROUTED.includes(operationId);
    if (!own && !maybeUnrouted) return undefined;
    const deadlineMs = own
      ? sending.deadline(timeoutMs ?? sending.timeoutMs, maxRetries ?? sending.maxRetries)
      : undefined;
    const shouldRetry = maybeUnrouted ? () => !unroutedOps.has(operationId) : undefined;
    return sending.transport(
      sending.resilient.withOptions(
        stripUndefined({ maxRetries, timeoutMs, deadlineMs, shouldRetry }) as CallOverrides,
      ),
    );
  }

  async function send(
    operationId: string,
    method: string,
    path: string,
    init: CallInit,
    signal: AbortSignal | undefined,
    options?: CallOptions,
  ): Promise<Result> {
    if (unroutedOps.has(operationId)) {
      throw createError({
        kind: "unsupported",
        code: "unsupported_by_gateway",
        message: `${operationId} is not supported by this gateway: it answered an earlier call as unrouted, so this one was not sent`,
      });
    }
    const request = (
      raw as unknown as Record<string, (path: string, init: object) => Promise<Result>>
    )[method]!;
    const fetch = fetchFor(operationId, options);
    let result: Result;
    try {
      result = await request(path, { ...init, signal, ...(fetch && { fetch }) });
    } catch (error) {
      // A 2xx body that is not JSON surfaces as openapi-fetch's SyntaxError.
      if (error instanceof SyntaxError) throw invalidResponse(operationId, "not JSON", undefined);
      const away = redirectedAway(operationId, error);
      if (isFeedgateError(away, "unsupported")) unroutedOps.add(operationId);
      throw away;
    }
    if (!result.response.ok) throw failed(operationId, result, init);
    // A 2xx without a body leaves `data` undefined: an error where a JSON answer was expected.
    if (init.parseAs === undefined) {
      const problem =
        result.data === undefined ? "an empty body" : shapeProblem(operationId, result.data);
      if (problem !== undefined)
        throw (
          errorIn200(operationId, result, init) ??
          invalidResponse(operationId, problem, result.response)
        );
    }
    return result;
  }

  /**
   * An upstream 200 whose `error` has a type (or is a string) is answered by the gateway as HTTP 200
   * `{"error":{…}}` (relay_responses.go:33-35): the typed error that envelope names (a numeric code
   * is the status it names, else a server error), not `invalid_response`, so its code survives.
   */
  function errorIn200(
    operationId: string,
    { data, response }: Result,
    init: CallInit,
  ): FeedgateError | undefined {
    const body = data as { error?: unknown } | undefined;
    if (
      body === null ||
      typeof body !== "object" ||
      body.error === undefined ||
      body.error === null
    )
      return undefined;
    const envelope = parseEnvelope(
      hide(
        JSON.stringify(typeof body.error === "string" ? { error: { message: body.error } } : body),
      ),
    );
    if (envelope.kind === "text" || envelope.kind === "empty") return undefined;
    return errorOf(
      operationId,
      envelope,
      statusNamed(envelope) ?? 500,
      response.headers,
      init,
      false,
      getResponseMeta(response).attempts,
    );
  }

  function invalidResponse(
    operationId: string,
    problem: string,
    response: Response | undefined,
  ): FeedgateError {
    return failure(
      "invalid_response",
      "invalid_response",
      `${operationId}: the gateway's ${response ? `HTTP ${response.status} ` : ""}answer is not of the operation's shape: ${problem}`,
      response?.status,
      response && idOf(response.headers),
    );
  }

  return {
    raw,
    call(operationId, method, path, init, options, map = (data) => data) {
      return apiPromise(
        (async () => {
          const { data, response } = await send(
            operationId,
            method,
            path,
            typeof init === "function" ? init() : init,
            options?.signal,
            options,
          );
          return { data: map(data), response };
        })(),
      );
    },
    async stream<T>(
      operationId: string,
      path: keyof paths,
      init: CallInit,
      options: StreamCallOptions | undefined,
      gemini: boolean,
    ): Promise<GatewayStream<T>> {
      const controller = linkedController(options?.signal);
      const { response } = await send(
        operationId,
        "POST",
        path,
        { ...init, headers: { Accept: STREAM_ACCEPT }, parseAs: "stream" },
        controller.signal,
        options,
      );
      return new GatewayStream({
        response,
        controller,
        decode: decoder(gemini, hide, response.status, idOf(response.headers)),
        watchTerminal: gemini ? geminiTerminal<T> : responsesTerminal<T>,
        // With pings on, the gateway commits a 200 before the upstream answers: an upstream error then
        // arrives as a raw JSON line (no `data:`) that only this callback sees.
        rawLine: (line) => {
          const envelope = parseEnvelope(hide(line));
          if (envelope.kind === "text" || envelope.kind === "empty") return undefined;
          const named = statusNamed(envelope);
          if (named !== undefined)
            return errorOf(operationId, envelope, named, response.headers, init, false);
          const { code, message } = describeEnvelope(envelope, response.status);
          return failure(
            "stream",
            code,
            hide(`the gateway reported an error in place of the stream: ${message}`),
            response.status,
            idOf(response.headers),
            envelope,
          );
        },
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
