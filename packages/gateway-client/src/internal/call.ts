import {
  type APIPromise,
  apiPromise,
  type ResilientFetch,
  redact,
  secretForms,
  stripUndefined,
} from "@feedgate/core";
import { answerErrors } from "./answer-errors.js";
import { decoder, geminiTerminal, responsesTerminal } from "./decoders.js";
import { DEFAULT_MAX_SSE_EVENT_BYTES } from "./limits.js";
import { type GatewayOperationId, IMAGE_ANSWERS, OPERATIONS, shapeProblem } from "./operations.js";
import type { RawSettings } from "./raw-settings.js";
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
 * `Accept` of the streaming calls. Errors of those operations are JSON (the document declares
 * no other media type for them), so the request says it takes JSON too, at a lower preference.
 */
const STREAM_ACCEPT = "text/event-stream, application/json;q=0.9";

/** What the caller is built from (by `createGatewayClient`). */
export interface CallerSettings extends RawSettings {
  /** The overall deadline that lets every attempt use its whole timeout; the client's settings where left out. */
  deadline: (timeoutMs?: number, maxRetries?: number) => number;
  streamIdleTimeoutMs: number;
  limits: StreamLimits;
  /** The client's `maxResponseBytes`; undefined: the transport's, raised for the image-carrying answers. */
  maxResponseBytes: number | undefined;
  /** Operations this client's gateway answered as unrouted (the retry hook reads it too). */
  unrouted: Set<GatewayOperationId>;
}

/**
 * The one request path of the helpers: an operation's row (`operations.ts`) gives the method,
 * path, credential, retry class and shape check, so each helper is one line. `init` is a
 * function: it runs inside the promise, so a bad argument rejects the call.
 */
export interface Caller {
  /** Sends one operation; its parsed answer (mapped by `map`) as an APIPromise, or the operation's typed error. */
  call<T>(
    operationId: GatewayOperationId,
    init: () => CallInit,
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

export function createCaller(settings: CallerSettings): Caller {
  const { transport, headers, apiKey } = settings;
  // The operation paths are appended to it.
  const baseUrl = settings.base.href.replace(/\/$/, "");
  const forms = secretForms(apiKey);
  const hide = (text: string) => redact(text, forms);
  const answers = answerErrors(hide, settings.unrouted);

  /** The transport of one call: the client's own, or one with this call's retries, timeout and body cap. */
  function transportFor(id: GatewayOperationId, options: CallOptions | undefined): ResilientFetch {
    const { maxRetries, timeoutMs } = options ?? {};
    const maxResponseBytes = IMAGE_ANSWERS.has(id)
      ? (settings.maxResponseBytes ?? DEFAULT_MAX_SSE_EVENT_BYTES)
      : undefined;
    if (maxRetries === undefined && timeoutMs === undefined && maxResponseBytes === undefined)
      return transport;
    const deadlineMs = settings.deadline(timeoutMs, maxRetries);
    return transport.withOptions(
      stripUndefined({ maxRetries, timeoutMs, deadlineMs, maxResponseBytes }),
    );
  }

  /** Sends one call and reads its answer: the 2xx, or the typed error of what went wrong. */
  async function send(
    id: GatewayOperationId,
    init: CallInit,
    options: CallOptions | undefined,
    signal = options?.signal,
  ): Promise<Sent> {
    answers.refuseUnrouted(id);
    const fetch = transportFor(id, options);
    let sent: Sent;
    try {
      const request = requestOf(baseUrl, headers, apiKey, OPERATIONS[id], init, signal);
      sent = await readAnswer(await fetch(request), init.parseAs);
    } catch (error) {
      throw answers.thrown(id, error);
    }
    if (!sent.response.ok) throw answers.failed(id, sent, init);
    // A 2xx without a body leaves `data` undefined: an error where a JSON answer was expected.
    if (init.parseAs === undefined) {
      const problem = sent.data === undefined ? "an empty body" : shapeProblem(id, sent.data);
      if (problem !== undefined) throw answers.notOfShape(id, sent, init, problem);
    }
    return sent;
  }

  return {
    call(id, init, options, map = (data) => data) {
      return apiPromise(
        (async () => {
          const { data, response } = await send(id, init(), options);
          return { data: map(data), response };
        })(),
      );
    },
    async stream<T>(id: GatewayOperationId, init: CallInit, options?: StreamCallOptions) {
      const controller = linkedController(options?.signal);
      const sending = { ...init, headers: { Accept: STREAM_ACCEPT }, parseAs: "stream" as const };
      const { response } = await send(id, sending, options, controller.signal);
      const gemini = OPERATIONS[id].credential === "google";
      return new GatewayStream({
        response,
        controller,
        decode: decoder(gemini, hide, response.status, answers.idOf(response.headers)),
        watchTerminal: gemini ? geminiTerminal<T> : responsesTerminal<T>,
        rawLine: (line) => answers.rawLine(id, init, response, line),
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
