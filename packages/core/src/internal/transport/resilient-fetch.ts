import {
  createError,
  type FeedgateError,
  type FeedgateErrorKind,
  isFeedgateError,
} from "../../errors.js";
import { backoffDelay } from "../backoff.js";
import { checkFraction, checkPositive, stripUndefined } from "../checks.js";
import { redact, secretsOf } from "../secrets.js";
import { monotonicNow, realSleep, watch } from "../time.js";
import { BufferedResponse, decoder, readAll, TooLarge } from "./buffered.js";
import { isForeignHtml, isReplayableBodyType, isStreamedResponse } from "./content.js";
import { createLog, type LogFields, type LogLevel, loggableUrl } from "./logger.js";
import { recordMeta, requestIdOf } from "./meta.js";
import { type CallOverrides, DEFAULTS, type ResilientFetchOptions } from "./options.js";
import type { RedirectFollower } from "./redirects.js";
import { maxDefined, parseRetryAfterHeaders } from "./retry-after.js";
import {
  failedBeforeSending,
  RETRY_POLICY_DEFAULTS,
  type RetryAdvice,
  type RetryPolicy,
} from "./retry-policy.js";

/**
 * A `fetch` with retries, timeouts, body caps and metadata. Both clients use one by default;
 * pass your own as their `fetch` option to share one configuration.
 */
export interface ResilientFetch {
  /** Sends the request as `fetch` would, retrying transient failures within the transport's options; an HTTP error status is an answer, while no answer at all rejects with a FeedgateError (`ConnectionError`, `TimeoutError`, `AbortError`, ...). */
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /**
   * The same transport with other per-call options: pass the result as openapi-fetch's
   * per-request `fetch` (`client.GET(path, { fetch: rf.withOptions({ maxRetries: 0 }) })`), or
   * as a client's `fetch` for a client whose every call needs them.
   */
  withOptions(overrides: CallOverrides): ResilientFetch;
}

/**
 * How one attempt ended. `answer` is final (a success, or a failure status not worth
 * repeating); every other tag is a failure the loop may retry.
 */
type Outcome =
  | { tag: "answer"; response: Response }
  | {
      tag: "status";
      response: Response;
      retryAfterMs: number | undefined;
      /** What the policy's hook said about it. */
      advice: RetryAdvice | undefined;
      hint: string | null;
    }
  | { tag: "invalid"; response: Response }
  | { tag: "too_large" }
  | { tag: "network"; error: unknown }
  | { tag: "attempt_timeout"; error: unknown }
  | { tag: "deadline"; error?: unknown };

type Failure = Exclude<Outcome, { tag: "answer" }>;

/** A {@link RetryPolicy} with its defaults filled in: resolved once per transport and per `withOptions` that changes it. */
interface Policy extends RetryPolicy {
  statusCodes: readonly number[];
  methods: readonly string[];
  refusedStatusCodes: readonly number[];
}

const resolvePolicy = (policy: RetryPolicy): Policy =>
  ({ ...RETRY_POLICY_DEFAULTS, ...stripUndefined(policy) }) as Policy;

/** One call's settings, resolved from the transport's options and the call's overrides. */
interface Call {
  request: Request;
  method: string;
  /** The body sent on each attempt: read once when replayable; `null` for a streamed body (one attempt only). */
  body: ArrayBuffer | null;
  /** Follows redirects inside each attempt; undefined: `fetch` handles them. */
  redirects: RedirectFollower | undefined;
  /** Where the last attempt's redirects ended (URL, method); undefined when `fetch` handles redirects. */
  sent: [url: string, method: string] | undefined;
  streamBody: boolean;
  maxRetries: number;
  timeoutMs: number;
  deadlineMs: number;
  deadlineAt: number;
  /** The caller's declaration (`CallOverrides.idempotent`); undefined: the policy decides. */
  declared: boolean | undefined;
  policy: Policy;
  maxBytes: number;
  signals: AbortSignal[];
  /** The URL as it may be logged (credentials masked), made when first needed. */
  where: () => string;
  /** `METHOD url` as it may be logged. */
  what: () => string;
  /** Every credential value of the request, to scrub from anything said. */
  secrets: () => string[];
}

function checkOptions(o: ResilientFetchOptions | CallOverrides): void {
  for (const [name, value] of Object.entries(o)) {
    if (/Ms$|Retries$|Bytes$/.test(name))
      checkPositive(name, value as number | undefined, !name.endsWith("Ms"));
  }
  checkFraction("jitter", (o as ResilientFetchOptions).jitter);
}

/** The error when one of the caller's signals fired: kind `timeout` for an `AbortSignal.timeout`, else `aborted`. */
function abortedError(call: Call, attempts: number): FeedgateError | undefined {
  const fired = call.signals.find((s) => s.aborted);
  if (!fired) return undefined;
  const reason = fired.reason as { name?: unknown } | undefined;
  const timedOut = reason?.name === "TimeoutError";
  return createError({
    kind: timedOut ? "timeout" : "aborted",
    code: timedOut ? "signal_timeout" : "aborted",
    message: `${call.what()}: the caller's signal ${timedOut ? "timed out" : "aborted"}`,
    attempts,
    cause: reason,
  });
}

/** Step 3: whether a failed attempt may be repeated, by the call's retry policy (data, then its hook). */
function isRetryable(call: Call, failure: Failure): boolean {
  if (call.streamBody || failure.tag === "deadline" || failure.tag === "too_large") return false;
  const { policy } = call;
  const advice =
    failure.tag === "status"
      ? failure.advice
      : policy.shouldRetry?.({ request: call.request, status: undefined, body: undefined });
  if (advice?.retry === false) return false;
  const idempotent =
    call.declared ?? (advice?.retry === true || policy.methods.includes(call.method));
  switch (failure.tag) {
    case "network":
      return idempotent || failedBeforeSending(failure.error);
    case "status": {
      const { status } = failure.response;
      if (failure.hint === "false") return false;
      return (
        idempotent ||
        policy.refusedStatusCodes.includes(status) ||
        (status === 503 && failure.retryAfterMs !== undefined)
      );
    }
    default:
      return idempotent;
  }
}

/** Step 5: the error a failure ends in (kind, code, what happened), once no retry is left. */
function failureError(
  call: Call,
  failure: Failure,
  attempts: number,
  requestId: string | undefined,
): FeedgateError {
  const cause = (
    failure as { error?: { message?: unknown; cause?: { message?: unknown; code?: unknown } } }
  ).error;
  const detail = [cause?.message, cause?.cause?.code ?? cause?.cause?.message]
    .filter((x) => typeof x === "string")
    .join(": ");
  const status = "response" in failure ? failure.response.status : undefined;
  // Per way of failing: the error's kind, its code and what happened.
  const table: Record<Failure["tag"], [FeedgateErrorKind, string, string]> = {
    invalid: ["invalid_response", "not_json", "answered HTML, not JSON"],
    too_large: [
      "response_too_large",
      "response_too_large",
      `answered a body over maxResponseBytes (${call.maxBytes} bytes); not read further`,
    ],
    network: [
      "network",
      typeof cause?.cause?.code === "string" ? cause.cause.code : "network_error",
      `connection failed: ${detail || "unknown error"}`,
    ],
    attempt_timeout: [
      "timeout",
      "attempt_timeout",
      `no complete answer within ${call.timeoutMs} ms`,
    ],
    deadline: ["timeout", "deadline_exceeded", `deadline of ${call.deadlineMs} ms passed`],
    status: ["http", `http_${status}`, `failed with ${status}`],
  };
  const [kind, code, happened] = table[failure.tag];
  const message = redact(
    `${call.what()}: ${happened} (after ${attempts} attempt(s))`,
    call.secrets(),
  );
  // No `cause`: a fetch rejection may quote the URL or a header with a credential in it.
  return createError({ kind, code, message, attempts, status, requestId });
}

/**
 * Creates the resilient transport. Each attempt sends a fresh copy of the request; retries
 * follow the retry policy (`retry-policy.ts`, the README's rule: retryable statuses and
 * connection failures, idempotent requests always, other requests only where no work can have
 * been done, and whatever the client's hook knows of its service). Server-directed waits are
 * honoured exactly, up to `maxRetryAfterMs`; computed waits come from {@link backoffDelay}.
 *
 * Rejects with a FeedgateError of kind `aborted`, `timeout`, `network`, `retry_too_long`,
 * `invalid_response` or `response_too_large`; a failure status is returned as the final answer,
 * for the client to turn into its own typed error.
 */
export function createResilientFetch(options: ResilientFetchOptions = {}): ResilientFetch {
  checkOptions(options);
  const o = { ...DEFAULTS, ...stripUndefined(options) };
  // Each attempt sends a fresh copy of the request with the attempt's signal. The platform's
  // fetch makes that copy itself from (request, init) (looked up per attempt, so a fetch patched
  // later is honoured); an injected fetch takes a Request, so the copy is made here.
  const { fetch: injected, sleep = realSleep, random = Math.random, now = Date.now } = options;
  // The attempt's own signal ends the wait too: undici links a Request's signal to the one it
  // follows only through a WeakRef, so after a garbage collection an abort passed through a
  // wrapper's Request or a dispatcher may never reach fetch (a late answer is then dropped).
  const send = (request: Request, init: RequestInit & { signal: AbortSignal }) =>
    new Promise<Response>((resolve, reject) => {
      init.signal.addEventListener("abort", () => reject(init.signal.reason));
      (injected ? injected(new Request(request, init)) : fetch(request, init)).then(
        resolve,
        reject,
      );
    });
  const log = createLog(options);
  // Per-attempt records are built only when someone reads them: this is the hot path of every call.
  const debug = options.logger && options.logLevel === "debug";

  /** The answer's request id, with any credential a hostile server echoed into it removed. */
  const idOf = (call: Call, headers: Headers) => {
    const id = requestIdOf(headers);
    return id === undefined ? undefined : redact(id, call.secrets());
  };
  const say = (call: Call, level: LogLevel, message: string, fields: LogFields) =>
    log(level, message, { method: call.method, url: call.where(), ...fields }, call.secrets());

  /** The call's settings; synchronous, as most calls have no body to read first (see {@link run}). */
  function prepare(request: Request, overrides: CallOverrides, policy: Policy): Call {
    const method = request.method.toUpperCase();
    let where: string | undefined;
    let secrets: string[] | undefined;
    const call: Call = {
      request,
      method,
      body: null,
      redirects: overrides.redirects ?? o.redirects,
      sent: undefined,
      streamBody:
        request.body !== null && !isReplayableBodyType(request.headers.get("content-type")),
      maxRetries: overrides.maxRetries ?? o.maxRetries,
      timeoutMs: overrides.timeoutMs ?? o.timeoutMs,
      deadlineMs: overrides.deadlineMs ?? o.deadlineMs,
      deadlineAt: 0,
      declared: overrides.idempotent,
      policy,
      maxBytes: overrides.maxResponseBytes ?? o.maxResponseBytes,
      signals: overrides.signal ? [request.signal, overrides.signal] : [request.signal],
      where: () => (where ??= loggableUrl(request.url)),
      what: () => `${method} ${call.where()}`,
      secrets: () => (secrets ??= secretsOf(request.headers)),
    };
    return call;
  }

  /** Steps 1 and 2: sends one attempt under its timeout and classifies how it ended. Throws only the caller's abort. */
  async function attempt(call: Call, n: number): Promise<Outcome> {
    // A signal that fired before this attempt (while the body was read) dispatched its event
    // already, so no listener added below would hear it: nothing more is sent.
    const early = abortedError(call, n - 1);
    if (early) throw early;
    const left = call.deadlineAt - monotonicNow();
    if (left <= 0) return { tag: "deadline" };
    // One controller per attempt: its timer fires at the attempt timeout or the deadline,
    // whichever comes first, and the caller's signals abort it too.
    const controller = new AbortController();
    const { signal } = controller;
    const abort = (reason: unknown) => controller.abort(reason);
    const unwatch = watch(Math.min(left, call.timeoutMs), () =>
      // The timer's abort reason is the outcome's tag; the caller's aborts are told apart first.
      abort(left < call.timeoutMs ? "deadline" : "attempt_timeout"),
    );
    const follow = (event: Event) => abort((event.target as AbortSignal).reason);
    for (const s of call.signals) s.addEventListener("abort", follow);
    let streamed = false;
    if (debug)
      say(call, "debug", `${call.what()} (attempt ${n})`, { event: "request", attempt: n });
    try {
      const { redirects } = call;
      let response = await send(call.request, {
        body: call.body,
        signal,
        ...(redirects && { redirect: "manual" }),
      });
      // Step 1b: redirects are followed inside the attempt, under its timeout and signal. A
      // streamed body cannot be sent again: its redirect is the answer (never followed by fetch).
      if (redirects && !call.streamBody) {
        const last = await redirects(response, {
          request: call.request,
          body: call.body,
          what: call.what,
          send: (hop, body) => send(hop, { body, signal }),
        });
        ({ response } = last);
        call.sent = [last.url, last.method];
      }
      const type = response.headers.get("content-type");
      // Streamed to the caller: its own signal (still linked) and idle timeouts govern the body.
      if (
        (streamed = response.type === "opaqueredirect" || (response.ok && isStreamedResponse(type)))
      )
        return { tag: "answer", response };
      // A body announced over the cap is refused unread.
      if (Number(response.headers.get("content-length")) > call.maxBytes) {
        void response.body?.cancel().catch(() => {});
        return { tag: "too_large" };
      }
      // Read here, under the attempt's timeout, so a truncated or stalled body is one more retryable failure.
      const bytes =
        response.body &&
        (await readAll(
          response.body as ReadableStream<Uint8Array<ArrayBuffer>>,
          signal,
          call.maxBytes,
        ));
      const answer = bytes ? new BufferedResponse(response, bytes) : response;
      const { status, headers } = answer;
      const hint = headers.get("x-should-retry");
      if (debug)
        say(call, "debug", `${call.what()} answered ${status}`, {
          event: "response",
          status,
          attempt: n,
          requestId: idOf(call, headers),
        });
      if (isForeignHtml(call.request, status, type)) return { tag: "invalid", response: answer };
      if (status < 400 || !(call.policy.statusCodes.includes(status) || hint === "true"))
        return { tag: "answer", response: answer };
      let body: unknown;
      try {
        body = JSON.parse(decoder.decode(bytes!));
      } catch {}
      const headerWaitMs = parseRetryAfterHeaders(headers, now);
      const advice = call.policy.shouldRetry?.({
        request: call.request,
        status,
        body,
        headerWaitMs,
      });
      const retryAfterMs = maxDefined([headerWaitMs, advice?.retryAfterMs]);
      return { tag: "status", response: answer, retryAfterMs, advice, hint };
    } catch (caught) {
      const aborted = abortedError(call, n);
      if (aborted) throw aborted;
      // A refused redirect: the answer itself says no attempt can succeed.
      if (isFeedgateError(caught, "redirect")) throw caught;
      if (caught instanceof TooLarge) return { tag: "too_large" };
      // The caller's signals were ruled out above: an aborted attempt is its own timer's.
      const tag: "deadline" | "attempt_timeout" | "network" = signal.aborted
        ? signal.reason
        : "network";
      return { tag, error: caught };
    } finally {
      unwatch();
      if (!streamed) for (const s of call.signals) s.removeEventListener("abort", follow);
    }
  }

  /** Step 4: waits before the next attempt; false when no wait fits before the deadline. */
  async function pauseBeforeRetry(
    call: Call,
    failure: Failure,
    n: number,
    delay: number,
    fields: Omit<LogFields, "event">,
  ): Promise<boolean> {
    if (monotonicNow() + delay >= call.deadlineAt) {
      say(call, "warn", `${call.what()}: no time left for a retry`, {
        event: "give_up",
        delayMs: delay,
        reason: "deadline",
      });
      return false;
    }
    const reason =
      failure.tag === "status" ? `HTTP ${failure.response.status}` : failure.tag.replace("_", " ");
    const source =
      failure.tag === "status" && failure.retryAfterMs !== undefined ? "retry-after" : "backoff";
    say(
      call,
      "warn",
      `${call.what()}: ${reason}; retry ${n} of ${call.maxRetries} in ${Math.round(delay)} ms`,
      { ...fields, event: "retry", delayMs: delay, reason },
    );
    say(call, "info", `waiting ${Math.round(delay)} ms (${source})`, {
      event: "wait",
      delayMs: delay,
      source,
    });
    try {
      // The deadline cannot pass during this wait (checked above): only the caller's signals can cut it.
      await sleep(delay, call.signals[1] ? AbortSignal.any(call.signals) : call.signals[0]);
    } catch (caught) {
      throw abortedError(call, n) ?? caught;
    }
    return true;
  }

  async function run(
    request: Request,
    overrides: CallOverrides,
    policy: Policy,
  ): Promise<Response> {
    const call = prepare(request, overrides, policy);
    // A replayable body is read once and sent afresh on each attempt; any other is a stream: one attempt only.
    if (request.body !== null && !call.streamBody) call.body = await request.arrayBuffer();
    call.deadlineAt = monotonicNow() + call.deadlineMs;
    for (let n = 1; ; n++) {
      const outcome = await attempt(call, n);
      if (outcome.tag === "answer") {
        recordMeta(outcome.response, n, call.sent ?? [request.url, call.method]);
        return outcome.response;
      }
      const response = "response" in outcome ? outcome.response : undefined;
      const requestId = response && idOf(call, response.headers);
      const fields = {
        attempt: n,
        status: outcome.tag === "status" ? outcome.response.status : undefined,
        requestId,
      };
      const retryAfterMs = outcome.tag === "status" ? outcome.retryAfterMs : undefined;
      if (n <= call.maxRetries && isRetryable(call, outcome)) {
        if (retryAfterMs !== undefined && retryAfterMs > o.maxRetryAfterMs) {
          const status = response!.status;
          const message = redact(
            `${call.what()}: the server asks to wait ${retryAfterMs} ms, over maxRetryAfterMs (after ${n} attempt(s))`,
            call.secrets(),
          );
          say(call, "error", message, { ...fields, event: "give_up", reason: "retry_too_long" });
          const code = (outcome as { advice?: RetryAdvice }).advice?.code ?? `http_${status}`;
          throw createError({
            kind: "retry_too_long",
            code,
            message,
            attempts: n,
            status,
            requestId,
            retryAfterMs,
          });
        }
        const delay =
          retryAfterMs ??
          backoffDelay(n, {
            initialDelayMs: o.initialDelayMs,
            maxDelayMs: o.maxDelayMs,
            jitter: o.jitter,
            random,
          });
        if (await pauseBeforeRetry(call, outcome, n, delay, fields)) continue;
      }
      // A failure status is returned to the client, which builds its typed error from the body.
      if (outcome.tag === "status") {
        recordMeta(outcome.response, n, call.sent ?? [request.url, call.method]);
        say(
          call,
          n > 1 ? "warn" : "info",
          redact(
            `${call.what()}: failed with ${outcome.response.status} (after ${n} attempt(s))`,
            call.secrets(),
          ),
          { ...fields, event: "give_up" },
        );
        return outcome.response;
      }
      const error = failureError(call, outcome, n, requestId);
      say(call, "error", error.message, { ...fields, event: "give_up", reason: outcome.tag });
      throw error;
    }
  }

  const basePolicy = resolvePolicy(options.retry ?? {});
  function make(overrides: CallOverrides): ResilientFetch {
    // Resolved once per transport and per withOptions that changes it, never per call.
    const policy = overrides.retry
      ? resolvePolicy({ ...options.retry, ...stripUndefined(overrides.retry) })
      : basePolicy;
    const resilient = ((input: RequestInfo | URL, init?: RequestInit) =>
      run(
        input instanceof Request && !init ? input : new Request(input, init),
        overrides,
        policy,
      )) as ResilientFetch;
    resilient.withOptions = (more: CallOverrides) => {
      checkOptions(more);
      const merged: CallOverrides = { ...overrides, ...stripUndefined(more) };
      if (more.retry) merged.retry = { ...overrides.retry, ...stripUndefined(more.retry) };
      const signals = [overrides.signal, more.signal].filter((s) => s !== undefined);
      if (signals[0]) merged.signal = signals[1] ? AbortSignal.any(signals) : signals[0];
      return make(merged);
    };
    return resilient;
  }
  return make({});
}
