import {
  type APIPromise,
  apiPromise,
  createError,
  type FeedgateError,
  getResponseMeta,
  isFeedgateError,
  kindOfStatus,
  parseRetryAfterHeaders,
  type ResilientFetch,
  type ResponseMeta,
  redact,
  requestIdOf,
  secretForms,
  stripUndefined,
} from "@feedgate/core";
import { codesOf, isFinalAnswer, kindOfCode, messageOf } from "./codes.js";
import { decoder, geminiTerminal, responsesTerminal } from "./decoders.js";
import { describeEnvelope, type GatewayEnvelope, parseEnvelope, statusNamed } from "./envelope.js";
import { gatewayError } from "./errors.js";
import { explain } from "./explain.js";
import { DEFAULT_MAX_SSE_EVENT_BYTES } from "./limits.js";
import { type GatewayOperationId, OPERATIONS, shapeProblem } from "./operations.js";
import { type CallInit, readAnswer, requestOf, type Sent } from "./request.js";
import { GatewayStream, type StreamLimits } from "./sse.js";

export type { CallInit };

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
 * True for the gateway's NoRoute answer to this very request: 404, `type: invalid_request_error`
 * and the message `Invalid URL (<METHOD> <path>)` naming the method and path that were sent (a
 * proxy that strips a path prefix leaves the gateway a suffix of it).
 */
export function isNoRoute(envelope: GatewayEnvelope, status: number, meta: ResponseMeta): boolean {
  if (
    status !== 404 ||
    envelope.kind !== "openai" ||
    envelope.error.type !== "invalid_request_error"
  )
    return false;
  const match = /^Invalid URL \((\S+) (\S+)\)$/.exec(envelope.error.message);
  if (!match || meta.method === undefined || meta.url === "") return false;
  const [, method, path] = match as unknown as [string, string, string];
  const sent = new URL(meta.url).pathname;
  return method === meta.method && (sent === path || sent.endsWith(path));
}

/**
 * `Accept` of the streaming calls. Errors of those operations are JSON (the document declares
 * no other media type for them), so the request says it takes JSON too, at a lower preference.
 */
const STREAM_ACCEPT = "text/event-stream, application/json;q=0.9";

/**
 * Operations whose answers carry whole images as base64 (4K, or several): their cap defaults to a
 * stream event's, since the gateway reads them with none and the call was billed.
 */
const IMAGE_ANSWERS: ReadonlySet<GatewayOperationId> = new Set([
  "createImage",
  "getImageTask",
  "generateContent",
]);

/** What the caller is built from (by `createGatewayClient`). */
export interface CallerSettings {
  /** The base URL the operation paths are appended to (no trailing slash). */
  baseUrl: string;
  /** The headers of every request (`Accept`, `User-Agent`, the client's `headers`), before the call's own and the credential. */
  headers: Record<string, string>;
  apiKey: string;
  /** Core's transport with the client's settings and the gateway's retry policy. */
  transport: ResilientFetch;
  /** The overall deadline that lets every attempt use its whole timeout. */
  deadline: (timeoutMs: number, maxRetries: number) => number;
  timeoutMs: number;
  maxRetries: number;
  streamIdleTimeoutMs: number;
  limits: StreamLimits;
  /** The client's `maxResponseBytes`; undefined: the transport's, raised for the image-carrying answers. */
  maxResponseBytes: number | undefined;
  /** Operations this client's gateway answered as unrouted (the retry hook reads it too). */
  unrouted: Set<GatewayOperationId>;
}

/**
 * The one request path of the helpers: an operation's row (`operations.ts`) gives the method,
 * path, credential, retry class and shape check, so each helper is one line. `init` may be a
 * function: it runs inside the promise, so a bad argument rejects the call.
 */
export interface Caller {
  /** Sends one operation; its parsed answer (mapped by `map`) as an APIPromise, or the operation's typed error. */
  call<T>(
    operationId: GatewayOperationId,
    init: CallInit | (() => CallInit),
    options?: CallOptions,
    // biome-ignore lint/suspicious/noExplicitAny: openapi-fetch's data type differs per operation; the caller's map narrows it.
    map?: (data: any) => T,
  ): APIPromise<T>;
  /** `POST`s a streaming operation and wraps its 2xx answer (Gemini framing for the google family). */
  stream<T>(
    operationId: GatewayOperationId,
    init: CallInit,
    options: StreamCallOptions | undefined,
  ): Promise<GatewayStream<T>>;
}

/** A refused cross-origin 301/302 on an operation the gateway may not route: the node sent it to its console. */
function redirectedAway(id: GatewayOperationId, error: unknown): unknown {
  if (!isFeedgateError(error, "redirect") || error.code !== "cross_origin_refused") return error;
  if (!OPERATIONS[id].maybeUnrouted || (error.status !== 301 && error.status !== 302)) return error;
  return createError({
    kind: "unsupported",
    status: error.status,
    code: "unsupported_by_gateway",
    message: `${id} is not supported by this gateway: it answered HTTP ${error.status} with a redirect (${error.message})`,
    cause: error,
  });
}

export function createCaller(settings: CallerSettings): Caller {
  const { transport, unrouted } = settings;
  const forms = secretForms(settings.apiKey);
  const hide = (text: string) => redact(text, forms);
  const idOf = (headers: Headers) => {
    const id = requestIdOf(headers);
    return id === undefined ? undefined : hide(id);
  };

  /** The typed error of a failed call. */
  function failed(id: GatewayOperationId, { error, response }: Sent, init: CallInit) {
    const { status, headers } = response;
    const meta = getResponseMeta(response);
    // Redacted as raw text, before parsing or any truncation: property names and escaped echoes go too.
    // An empty body (Content-Length: 0) leaves `error` undefined: envelope kind `empty`.
    const envelope = parseEnvelope(
      hide(typeof error === "string" ? error : (JSON.stringify(error) ?? "")),
    );
    const maybe = OPERATIONS[id].maybeUnrouted === true;
    // Only the gateway's own NoRoute passes its Cache middleware; one relayed from a chained
    // upstream that lacks the route concerns this call's channel alone, and is not remembered.
    const ownNoRoute =
      maybe || id === "getImageTask" || /max-age=604800/.test(headers.get("cache-control") ?? "");
    const isUnrouted =
      (ownNoRoute && isNoRoute(envelope, status, meta)) ||
      // The web limiter's 429 on an operation another call already found unrouted.
      (status === 429 && unrouted.has(id)) ||
      (maybe &&
        ([405, 501].includes(status) ||
          (status === 404 && (envelope.kind === "empty" || envelope.kind === "text"))));
    if (isUnrouted) unrouted.add(id);
    return errorOf(id, envelope, status, headers, init, isUnrouted, meta.attempts);
  }

  /** The typed error an envelope names: of an HTTP failure, or one a 200 stream carried raw (then `status` is the one its code names). */
  function errorOf(
    id: GatewayOperationId,
    envelope: GatewayEnvelope,
    status: number,
    headers: Headers,
    init: CallInit,
    isUnrouted: boolean,
    attempts?: number,
  ): FeedgateError {
    const { code, message } = describeEnvelope(envelope, status);
    const coded = kindOfCode(code, status);
    // The gateway's own errors are `new_api_error`; any other envelope was relayed from a channel.
    const relayed = (envelope as { error?: { type?: unknown } }).error?.type !== "new_api_error";
    // A relayed 404/405 on an async submit: the channel has no async endpoint (nothing was billed).
    const noAsync =
      !isUnrouted &&
      relayed &&
      (status === 404 || status === 405) &&
      init.params?.query?.["async"] === true;
    // A 429 is rate_limited whatever its code; one naming a quota is marked final below.
    // A relayed 401/403 is the channel's credential, not the caller's key: unavailable.
    const refusedUpstream =
      relayed && envelope.kind !== "empty" && (status === 401 || status === 403);
    let kind = coded ?? kindOfStatus(status);
    if (coded !== "not_found" && (isUnrouted || noAsync)) kind = "unsupported";
    else if (coded !== "not_found" && refusedUpstream) kind = "unavailable";
    const taskId =
      id === "getImageTask"
        ? (init.params as { path?: { task_id?: string } } | undefined)?.path?.task_id
        : undefined;
    const named =
      (isUnrouted && "unsupported_by_gateway") || (noAsync && "async_unsupported") || code;
    const why = isUnrouted ? "" : explain(id, status, named, message, init, taskId, kind);
    return createError({
      kind,
      status,
      code: named,
      requestId: idOf(headers),
      retryAfterMs: status === 429 ? parseRetryAfterHeaders(headers) : undefined,
      attempts,
      envelope,
      taskId: taskId === undefined ? undefined : hide(taskId),
      // The same table the retry hook reads: what the transport gave up on is never transient.
      final: isFinalAnswer(codesOf(envelope), messageOf(envelope)) || undefined,
      message: isUnrouted
        ? `${id} is not supported by this gateway (HTTP ${status}: ${message})`
        : hide(`${id} failed: HTTP ${status} ${code}: ${message}${why}`),
    });
  }

  /** The transport of one call: the client's own, or one with this call's retries, timeout and body cap. */
  function transportFor(id: GatewayOperationId, options: CallOptions | undefined): ResilientFetch {
    const { maxRetries, timeoutMs } = options ?? {};
    const maxResponseBytes = IMAGE_ANSWERS.has(id)
      ? (settings.maxResponseBytes ?? DEFAULT_MAX_SSE_EVENT_BYTES)
      : undefined;
    if (maxRetries === undefined && timeoutMs === undefined && maxResponseBytes === undefined)
      return transport;
    const deadlineMs = settings.deadline(
      timeoutMs ?? settings.timeoutMs,
      maxRetries ?? settings.maxRetries,
    );
    return transport.withOptions(
      stripUndefined({ maxRetries, timeoutMs, deadlineMs, maxResponseBytes }),
    );
  }

  async function send(
    id: GatewayOperationId,
    init: CallInit,
    signal: AbortSignal | undefined,
    options?: CallOptions,
  ): Promise<Sent> {
    if (unrouted.has(id)) {
      throw createError({
        kind: "unsupported",
        code: "unsupported_by_gateway",
        message: `${id} is not supported by this gateway: it answered an earlier call as unrouted, so this one was not sent`,
      });
    }
    const fetch = transportFor(id, options);
    let sent: Sent;
    try {
      const { baseUrl, headers, apiKey } = settings;
      const request = requestOf(baseUrl, headers, apiKey, OPERATIONS[id], init, signal);
      sent = await readAnswer(await fetch(request), init.parseAs);
    } catch (error) {
      // A 2xx body that is not JSON surfaces as JSON.parse's SyntaxError.
      if (error instanceof SyntaxError) throw invalidResponse(id, "not JSON", undefined);
      if (isFeedgateError(error, "response_too_large") && IMAGE_ANSWERS.has(id))
        throw createError({
          ...error.toJSON(),
          message: `${error.message} (the call was billed: raise the client's maxResponseBytes)`,
          cause: error.cause,
        });
      const away = redirectedAway(id, error);
      if (isFeedgateError(away, "unsupported")) unrouted.add(id);
      throw away;
    }
    if (!sent.response.ok) throw failed(id, sent, init);
    // A 2xx without a body leaves `data` undefined: an error where a JSON answer was expected.
    if (init.parseAs === undefined) {
      const problem = sent.data === undefined ? "an empty body" : shapeProblem(id, sent.data);
      if (problem !== undefined)
        throw errorIn200(id, sent, init) ?? invalidResponse(id, problem, sent.response);
    }
    return sent;
  }

  /**
   * An upstream 200 whose `error` has a type (or is a string) is answered by the gateway as HTTP 200
   * `{"error":{…}}` (relay_responses.go:33-35): the typed error that envelope names (a numeric code
   * is the status it names, else a server error), not `invalid_response`, so its code survives.
   */
  function errorIn200(
    id: GatewayOperationId,
    { data, response }: Sent,
    init: CallInit,
  ): FeedgateError | undefined {
    const error = (data as { error?: unknown } | null)?.error;
    if (error === undefined || error === null) return undefined;
    const envelope = parseEnvelope(
      hide(JSON.stringify(typeof error === "string" ? { error: { message: error } } : data)),
    );
    if (envelope.kind === "text" || envelope.kind === "empty") return undefined;
    const status = statusNamed(envelope) ?? 500;
    const { attempts } = getResponseMeta(response);
    return errorOf(id, envelope, status, response.headers, init, false, attempts);
  }

  function invalidResponse(
    id: GatewayOperationId,
    problem: string,
    response: Response | undefined,
  ): FeedgateError {
    return gatewayError(
      "invalid_response",
      "invalid_response",
      `${id}: the gateway's ${response ? `HTTP ${response.status} ` : ""}answer is not of the operation's shape: ${problem}`,
      response?.status,
      response && idOf(response.headers),
    );
  }

  return {
    call(id, init, options, map = (data) => data) {
      return apiPromise(
        (async () => {
          const resolved = typeof init === "function" ? init() : init;
          const { data, response } = await send(id, resolved, options?.signal, options);
          return { data: map(data), response };
        })(),
      );
    },
    async stream<T>(
      id: GatewayOperationId,
      init: CallInit,
      options: StreamCallOptions | undefined,
    ): Promise<GatewayStream<T>> {
      const controller = linkedController(options?.signal);
      const streamInit = {
        ...init,
        headers: { Accept: STREAM_ACCEPT },
        parseAs: "stream" as const,
      };
      const { response } = await send(id, streamInit, controller.signal, options);
      const gemini = OPERATIONS[id].credential === "google";
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
            return errorOf(id, envelope, named, response.headers, init, false);
          const { code, message } = describeEnvelope(envelope, response.status);
          return gatewayError(
            "stream",
            code,
            hide(`the gateway reported an error in place of the stream: ${message}`),
            response.status,
            idOf(response.headers),
            envelope,
          );
        },
        idleTimeoutMs: options?.idleTimeoutMs ?? settings.streamIdleTimeoutMs,
        redact: hide,
        limits: settings.limits,
      });
    },
  };
}

/** An AbortController that also fires when the caller's signal does. */
function linkedController(signal: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  const abort = () => controller.abort(signal!.reason);
  if (signal?.aborted) abort();
  else signal?.addEventListener("abort", abort, { once: true });
  return controller;
}
