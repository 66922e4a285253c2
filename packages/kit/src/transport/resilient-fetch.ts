import { FeedgateError, invalidArgument } from "../errors.js";
import { linkSignals } from "../internal/signals.js";
import { monotonicNow, realSleep } from "../internal/time.js";
import { createLog, loggableUrl, scrubSecrets, secretsOf, type LogFields } from "./logger.js";
import { describeResponse, recordMeta, requestIdFrom } from "./meta.js";
import { DEFAULTS, type CallOverrides, type ResilientFetchOptions } from "./options.js";
import {
  codesOf,
  failedBeforeSending,
  HOPELESS_CODES,
  isForeignHtml,
  isIdempotent,
  isReplayableBodyType,
  isStreamedResponse,
  isSyncImageGeneration,
  RETRYABLE_STATUSES,
} from "./policy.js";
import { maxDefined, parseRetryAfterBody, parseRetryAfterHeaders } from "./retry-after.js";

/**
 * A `fetch` with retries, timeouts and metadata, to pass as the `fetch` option of
 * `createFeedClient` or `createGatewayClient`.
 */
export interface ResilientFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /**
   * The same transport with other per-call options: pass the result as openapi-fetch's
   * per-request `fetch` (`client.GET(path, { fetch: rf.withOptions({ maxRetries: 0 }) })`), or
   * as a client's `fetch` for a client whose every call needs them.
   */
  withOptions(overrides: CallOverrides): ResilientFetch;
}

/** Why an attempt did not produce a final answer. */
type Failure =
  | { type: "status"; response: Response; retryAfterMs: number | undefined; codes: string[]; shouldRetry: boolean | undefined }
  | { type: "invalid"; response: Response | undefined; reason: string }
  | { type: "network"; error: unknown; beforeSending: boolean }
  | { type: "attempt_timeout" }
  | { type: "deadline" };

type Outcome = { done: Response } | { failure: Failure };

const ATTEMPT_TIMEOUT = Symbol("attempt timeout");
const DEADLINE = Symbol("deadline");
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function checkCount(name: string, value: number | undefined, integer: boolean): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
    throw invalidArgument(name, integer ? "a whole number of at least 0" : "a finite number of at least 0");
  }
}

function checkOptions(o: ResilientFetchOptions | CallOverrides): void {
  for (const name of ["maxRetries", "syncImageMaxRetries"] as const) checkCount(name, (o as Record<string, number | undefined>)[name], true);
  for (const name of ["initialDelayMs", "maxDelayMs", "maxRetryAfterMs", "timeoutMs", "deadlineMs", "syncImageTimeoutMs"] as const) {
    checkCount(name, (o as Record<string, number | undefined>)[name], false);
  }
  const jitter = (o as ResilientFetchOptions).jitter;
  if (jitter !== undefined && !(jitter >= 0 && jitter <= 1)) throw invalidArgument("jitter", "a fraction from 0 to 1");
}

/** The answer again, with its body read into memory, so the caller cannot meet a truncated body. */
function rebuild(response: Response, bytes: ArrayBuffer): Response {
  const headers = new Headers(response.headers);
  // The bytes are already decoded; the old length and encoding no longer describe them.
  headers.delete("content-encoding");
  headers.set("content-length", String(bytes.byteLength));
  const copy = new Response(NULL_BODY_STATUSES.has(response.status) ? null : bytes, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
  Object.defineProperty(copy, "url", { value: response.url });
  Object.defineProperty(copy, "redirected", { value: response.redirected });
  return copy;
}

/** The whole body, or a rejection as soon as the signal fires (even from a fetch that does not tie bodies to signals). */
function readBody(response: Response, signal: AbortSignal): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });
    response.arrayBuffer().then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function parseJson(bytes: ArrayBuffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/**
 * Creates the resilient transport. Each attempt sends a fresh copy of the request; retries
 * follow the rule documented in `policy.ts` and the README (retryable statuses and connection
 * failures, idempotent requests always, other POSTs only where no work can have been done,
 * synchronous image generation not at all by default). Server-directed waits are honoured
 * exactly, up to `maxRetryAfterMs`.
 *
 * Throws (as a rejected promise) a `FeedgateError` of kind `aborted`, `timeout`, `network`,
 * `retry_too_long` or `invalid_response`; any other failure is returned as the final answer,
 * for the client to turn into its own error.
 */
export function createResilientFetch(options: ResilientFetchOptions = {}): ResilientFetch {
  checkOptions(options);
  const o = { ...DEFAULTS, ...stripUndefined(options) };
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const log = createLog({ logger: options.logger, logLevel: options.logLevel });

  async function run(request: Request, overrides: CallOverrides): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const syncImage = isSyncImageGeneration(method, url);
    const maxRetries = overrides.maxRetries ?? (syncImage ? o.syncImageMaxRetries : o.maxRetries);
    const timeoutMs = overrides.timeoutMs ?? (syncImage ? o.syncImageTimeoutMs : o.timeoutMs);
    const deadlineMs = overrides.deadlineMs ?? (syncImage ? o.syncImageTimeoutMs : o.deadlineMs);
    const idempotent = overrides.idempotent ?? isIdempotent(method, url);
    const secrets = secretsOf(request.headers);
    const where = loggableUrl(request.url);
    const say = (level: "debug" | "info" | "warn" | "error", message: string, fields: LogFields) =>
      log(level, message, { method, url: where, ...fields }, secrets);
    const callerSignals = [request.signal, overrides.signal];
    const callerAborted = () => callerSignals.some((s) => s?.aborted === true);

    const abortedError = (attempts: number): FeedgateError => {
      const reason = callerSignals.find((s) => s?.aborted)?.reason as { name?: unknown } | undefined;
      const timedOut = typeof reason === "object" && reason !== null && reason.name === "TimeoutError";
      return new FeedgateError({
        kind: timedOut ? "timeout" : "aborted",
        code: timedOut ? "signal_timeout" : "aborted",
        message: `${method} ${where} ${timedOut ? "timed out (the caller's signal)" : "was aborted by the caller's signal"}`,
        attempts,
        cause: reason,
      });
    };
    if (callerAborted()) throw abortedError(0);

    // A replayable body is read once and sent afresh on each attempt; any other is a stream: one attempt only.
    let body: ArrayBuffer | null = null;
    let streamBody = false;
    if (request.body !== null) {
      if (isReplayableBodyType(request.headers.get("content-type"))) body = await request.arrayBuffer();
      else streamBody = true;
    }

    const deadline = new AbortController();
    const deadlineAt = monotonicNow() + deadlineMs;
    const deadlineTimer = setTimeout(() => deadline.abort(DEADLINE), deadlineMs);

    async function attemptOnce(attempt: number): Promise<Outcome> {
      const attemptTimeout = new AbortController();
      const link = linkSignals([...callerSignals, deadline.signal, attemptTimeout.signal]);
      const timer = setTimeout(() => attemptTimeout.abort(ATTEMPT_TIMEOUT), timeoutMs);
      const signal = link.controller.signal;
      const init: RequestInit = body !== null ? { body, signal } : { signal };
      const copy = new Request(request, init);
      say("debug", `${method} ${where} (attempt ${attempt + 1})`, { event: "request", attempt: attempt + 1 });
      let streamed = false;
      try {
        const response = await fetchImpl(copy);
        const contentType = response.headers.get("content-type");
        if (response.type === "opaqueredirect" || (response.ok && isStreamedResponse(contentType))) {
          // Streamed to the caller: its own signal (still linked) and idle timeouts govern the body.
          streamed = true;
          return { done: response };
        }
        // Read here, under the attempt's timeout, so a truncated or stalled body is one more retryable failure.
        const bytes = response.body === null ? new ArrayBuffer(0) : await readBody(response, signal);
        const answer = response.body === null ? response : rebuild(response, bytes);
        say("debug", `${method} ${where} answered ${answer.status}`, {
          event: "response",
          status: answer.status,
          attempt: attempt + 1,
          requestId: requestIdFrom(answer.headers),
        });
        if (isForeignHtml(request, answer)) return { failure: { type: "invalid", response: answer, reason: "an HTML page instead of JSON" } };
        const shouldRetryHeader = answer.headers.get("x-should-retry");
        const shouldRetry = shouldRetryHeader === "true" ? true : shouldRetryHeader === "false" ? false : undefined;
        if (!RETRYABLE_STATUSES.has(answer.status) && shouldRetry !== true) return { done: answer };
        if (answer.status < 400) return { done: answer };
        const parsed = parseJson(bytes);
        const retryAfterMs = maxDefined([parseRetryAfterHeaders(answer.headers, now), parseRetryAfterBody(parsed)]);
        return { failure: { type: "status", response: answer, retryAfterMs, codes: codesOf(parsed), shouldRetry } };
      } catch (error) {
        if (callerAborted()) throw abortedError(attempt + 1);
        if (deadline.signal.aborted) return { failure: { type: "deadline" } };
        if (attemptTimeout.signal.aborted) return { failure: { type: "attempt_timeout" } };
        return { failure: { type: "network", error, beforeSending: failedBeforeSending(error) } };
      } finally {
        clearTimeout(timer);
        if (!streamed) link.dispose();
      }
    }

    function retryable(f: Failure): boolean {
      if (streamBody) return false;
      switch (f.type) {
        case "status":
          if (f.shouldRetry === false || f.codes.some((c) => HOPELESS_CODES.has(c))) return false;
          if (idempotent) return true;
          return f.response.status === 429 || f.response.status === 408 || (f.response.status === 503 && f.retryAfterMs !== undefined);
        case "network":
          return idempotent || f.beforeSending;
        case "attempt_timeout":
        case "invalid":
          return idempotent;
        case "deadline":
          return false;
      }
    }

    /** The last failure as the caller gets it: an answer to return, or an error to throw. */
    function giveUp(f: Failure, attempts: number): Response {
      const fields = { event: "give_up" as const, attempt: attempts };
      const scrub = (text: string) => scrubSecrets(text, secrets);
      switch (f.type) {
        case "status":
          say(attempts > 1 ? "warn" : "info", `${method} ${where} failed with ${f.response.status} after ${attempts} attempt(s)`, {
            ...fields,
            status: f.response.status,
            requestId: requestIdFrom(f.response.headers),
          });
          recordMeta(f.response, describeResponse(f.response, attempts - 1, request.url));
          return f.response;
        case "invalid": {
          say("error", `${method} ${where}: ${f.reason}`, { ...fields, reason: f.reason });
          throw new FeedgateError({
            kind: "invalid_response",
            code: "not_json",
            status: f.response?.status,
            requestId: f.response === undefined ? undefined : requestIdFrom(f.response.headers),
            message: `${method} ${where} answered ${f.reason} after ${attempts} attempt(s)`,
            attempts,
          });
        }
        case "network": {
          const cause = f.error as { message?: unknown; cause?: { message?: unknown; code?: unknown } } | undefined;
          const detail = [cause?.message, cause?.cause?.code ?? cause?.cause?.message].filter((x) => typeof x === "string").join(": ");
          say("error", `${method} ${where}: connection failed (${scrub(detail)})`, { ...fields, reason: scrub(detail) });
          throw new FeedgateError({
            kind: "network",
            code: typeof cause?.cause?.code === "string" ? cause.cause.code : "network_error",
            message: scrub(`${method} ${where}: connection failed after ${attempts} attempt(s): ${detail || "unknown error"}`),
            attempts,
          });
        }
        case "attempt_timeout":
        case "deadline": {
          const what = f.type === "deadline" ? `the ${deadlineMs} ms deadline passed` : `no complete answer within ${timeoutMs} ms`;
          say("error", `${method} ${where}: ${what}`, { ...fields, reason: f.type });
          throw new FeedgateError({
            kind: "timeout",
            code: f.type === "deadline" ? "deadline_exceeded" : "attempt_timeout",
            message: `${method} ${where}: ${what} (${attempts} attempt(s))`,
            attempts,
          });
        }
      }
    }

    try {
      for (let attempt = 0; ; attempt++) {
        const outcome = await attemptOnce(attempt);
        if ("done" in outcome) {
          recordMeta(outcome.done, describeResponse(outcome.done, attempt, request.url));
          return outcome.done;
        }
        const failure = outcome.failure;
        if (attempt >= maxRetries || !retryable(failure)) return giveUp(failure, attempt + 1);
        const serverWait = failure.type === "status" ? failure.retryAfterMs : undefined;
        if (serverWait !== undefined && serverWait > o.maxRetryAfterMs && failure.type === "status") {
          const status = failure.response.status;
          const requestId = requestIdFrom(failure.response.headers);
          say("warn", `${method} ${where}: the server asks to wait ${serverWait} ms, over the ${o.maxRetryAfterMs} ms ceiling`, {
            event: "give_up",
            status,
            delayMs: serverWait,
            requestId,
          });
          throw new FeedgateError({
            kind: "retry_too_long",
            code: failure.codes[0] ?? `http_${status}`,
            status,
            requestId,
            retryAfterMs: serverWait,
            attempts: attempt + 1,
            message: `${method} ${where} answered ${status} asking to wait ${serverWait} ms, longer than maxRetryAfterMs (${o.maxRetryAfterMs} ms)`,
          });
        }
        const backoff = Math.min(o.initialDelayMs * 2 ** attempt, o.maxDelayMs) * (1 - o.jitter * random());
        const delay = serverWait ?? backoff;
        if (monotonicNow() + delay >= deadlineAt) {
          say("warn", `${method} ${where}: no time left for a retry within the ${deadlineMs} ms deadline`, {
            event: "give_up",
            delayMs: delay,
            reason: "deadline",
          });
          return giveUp(failure, attempt + 1);
        }
        const reason = failure.type === "status" ? `HTTP ${failure.response.status}` : failure.type.replace("_", " ");
        if (failure.type === "status") await failure.response.body?.cancel();
        say("warn", `${method} ${where}: ${reason}; retry ${attempt + 1} of ${maxRetries} in ${Math.round(delay)} ms`, {
          event: "retry",
          attempt: attempt + 1,
          delayMs: delay,
          reason,
          ...(failure.type === "status" ? { status: failure.response.status, requestId: requestIdFrom(failure.response.headers) } : {}),
        });
        say("info", `waiting ${Math.round(delay)} ms (${serverWait === undefined ? "backoff" : "server-directed"})`, {
          event: "wait",
          delayMs: delay,
          source: serverWait === undefined ? "backoff" : "retry-after",
        });
        const link = linkSignals([...callerSignals, deadline.signal]);
        try {
          await sleep(delay, link.controller.signal);
        } catch (error) {
          if (callerAborted()) throw abortedError(attempt + 1);
          if (deadline.signal.aborted) return giveUp({ type: "deadline" }, attempt + 1);
          throw error;
        } finally {
          link.dispose();
        }
      }
    } finally {
      clearTimeout(deadlineTimer);
    }
  }

  function make(overrides: CallOverrides): ResilientFetch {
    const resilient = ((input: RequestInfo | URL, init?: RequestInit) =>
      run(input instanceof Request && init === undefined ? input : new Request(input, init), overrides)) as ResilientFetch;
    resilient.withOptions = (more: CallOverrides) => {
      checkOptions(more);
      const signals = [overrides.signal, more.signal].filter((s): s is AbortSignal => s !== undefined);
      const merged: CallOverrides = { ...overrides, ...stripUndefined(more) };
      if (signals.length > 0) merged.signal = signals.length === 1 ? signals[0]! : AbortSignal.any(signals);
      return make(merged);
    };
    return resilient;
  }
  return make({});
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
