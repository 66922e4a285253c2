import { createError, isFeedgateError } from "../../errors.js";
import { backoffDelay } from "../backoff.js";
import { checkFraction, checkPositive, stripUndefined } from "../checks.js";
import { redact, secretsOf } from "../secrets.js";
import { monotonicNow, realSleep, watch } from "../time.js";
import { BufferedResponse, decoder, readAll, TooLarge } from "./buffered.js";
import { isForeignHtml, isReplayableBodyType, isStreamedResponse } from "./content.js";
import { FAILURES } from "./failures.js";
import { createLog, type LogFields, type LogLevel, loggableUrl } from "./logger.js";
import { recordMeta, requestIdOf } from "./meta.js";
import { type CallOverrides, DEFAULTS, type ResilientFetchOptions } from "./options.js";
import { maxDefined, parseRetryAfterHeaders } from "./retry-after.js";
import { isRetryable, type Outcome, type Policy, resolvePolicy } from "./retry-policy.js";

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

function checkOptions(o: ResilientFetchOptions | CallOverrides): void {
  for (const [name, value] of Object.entries(o))
    if (/Ms$|Retries$|Bytes$/.test(name))
      checkPositive(name, value as number | undefined, !name.endsWith("Ms"));
  checkFraction("jitter", (o as ResilientFetchOptions).jitter);
}

/** Throws when one of the caller's signals fired: kind `timeout` for an `AbortSignal.timeout`, else `aborted`. */
function throwIfAborted(signals: AbortSignal[], what: () => string, attempts: number): void {
  const reason = signals.find((s) => s.aborted)?.reason as { name?: unknown } | undefined;
  if (reason === undefined) return;
  const timedOut = reason?.name === "TimeoutError";
  throw createError({
    kind: timedOut ? "timeout" : "aborted",
    code: timedOut ? "signal_timeout" : "aborted",
    message: `${what()}: the caller's signal ${timedOut ? "timed out" : "aborted"}`,
    attempts,
    cause: reason,
  });
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
  const { fetch: injected, sleep = realSleep, now = Date.now } = options;
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

  async function run(request: Request, overrides: CallOverrides, policy: Policy) {
    const c = { ...o, ...overrides };
    const { redirects, maxRetries, timeoutMs, deadlineMs } = c;
    const method = request.method.toUpperCase();
    const signals = c.signal ? [request.signal, c.signal] : [request.signal];
    // Made when first needed: most calls never log or fail.
    let where: string | undefined;
    let secrets: string[] | undefined;
    const hidden = () => (secrets ??= secretsOf(request.headers));
    const url = () => (where ??= loggableUrl(request.url));
    const what = () => `${method} ${url()}`;
    const say = (level: LogLevel, message: string, fields: LogFields) =>
      log(level, message, { method, url: url(), ...fields }, hidden());
    /** The answer's request id, with any credential a hostile server echoed into it removed. */
    const idOf = (response?: Response) => {
      const id = response && requestIdOf(response.headers);
      return id && redact(id, hidden());
    };
    const streamBody =
      request.body !== null && !isReplayableBodyType(request.headers.get("content-type"));
    // A replayable body is read once and sent afresh on each attempt; any other is a stream: one attempt only.
    const body = request.body && !streamBody ? await request.arrayBuffer() : null;
    const deadlineAt = monotonicNow() + deadlineMs;
    /** The request that got the answer: this one, or where the last attempt's redirects ended. */
    let sent: [url: string, method: string] = [request.url, method];

    /** Sends one attempt under its timeout and classifies how it ended. Throws only the caller's abort. */
    async function attempt(n: number): Promise<Outcome> {
      // A signal that fired before this attempt (while the body was read) dispatched its event
      // already, so no listener added below would hear it: nothing more is sent.
      throwIfAborted(signals, what, n - 1);
      const left = deadlineAt - monotonicNow();
      if (left <= 0) return { tag: "deadline" };
      // One controller per attempt: its timer fires at the attempt timeout or the deadline,
      // whichever comes first (its abort reason is the outcome's tag), and the caller's signals abort it too.
      const controller = new AbortController();
      const { signal } = controller;
      const unwatch = watch(Math.min(left, timeoutMs), () =>
        controller.abort(left < timeoutMs ? "deadline" : "attempt_timeout"),
      );
      const follow = (event: Event) => controller.abort((event.target as AbortSignal).reason);
      for (const s of signals) s.addEventListener("abort", follow);
      let streamed = false;
      if (debug) say("debug", `${what()} (attempt ${n})`, { event: "request", attempt: n });
      try {
        let response = await send(request, {
          body,
          signal,
          ...(redirects && { redirect: "manual" }),
        });
        // Redirects are followed inside the attempt, under its timeout and signal. A streamed
        // body cannot be sent again: its redirect is the answer (never followed by fetch).
        if (redirects && !streamBody) {
          const last = await redirects(response, {
            request,
            body,
            what,
            send: (hop, body) => send(hop, { body, signal }),
          });
          ({ response } = last);
          sent = [last.url, last.method];
        }
        const type = response.headers.get("content-type");
        // Streamed to the caller: its own signal (still linked) and idle timeouts govern the body.
        if (
          (streamed =
            response.type === "opaqueredirect" || (response.ok && isStreamedResponse(type)))
        )
          return { tag: "answer", response };
        // A body announced over the cap is refused unread.
        if (Number(response.headers.get("content-length")) > c.maxResponseBytes) {
          void response.body?.cancel().catch(() => {});
          return { tag: "too_large" };
        }
        // Read here, under the attempt's timeout, so a truncated or stalled body is one more retryable failure.
        const bytes =
          response.body &&
          (await readAll(
            response.body as ReadableStream<Uint8Array<ArrayBuffer>>,
            signal,
            c.maxResponseBytes,
          ));
        const answer = bytes ? new BufferedResponse(response, bytes) : response;
        const { status, headers } = answer;
        const hint = headers.get("x-should-retry");
        if (debug)
          say("debug", `${what()} answered ${status}`, {
            event: "response",
            status,
            attempt: n,
            requestId: idOf(answer),
          });
        if (isForeignHtml(request, status, type)) return { tag: "invalid", response: answer };
        if (status < 400 || !(policy.statusCodes.includes(status) || hint === "true"))
          return { tag: "answer", response: answer };
        let json: unknown;
        try {
          json = JSON.parse(decoder.decode(bytes!));
        } catch {}
        const headerWaitMs = parseRetryAfterHeaders(headers, now);
        const advice = policy.shouldRetry?.({ request, status, body: json, headerWaitMs });
        const wait = maxDefined([headerWaitMs, advice?.retryAfterMs]);
        return { tag: "status", response: answer, wait, advice, hint };
      } catch (caught) {
        throwIfAborted(signals, what, n);
        // A refused redirect: the answer itself says no attempt can succeed.
        if (isFeedgateError(caught, "redirect")) throw caught;
        if (caught instanceof TooLarge) return { tag: "too_large" };
        // The caller's signals were ruled out above: an aborted attempt is its own timer's.
        return { tag: signal.aborted ? signal.reason : "network", error: caught };
      } finally {
        unwatch();
        if (!streamed) for (const s of signals) s.removeEventListener("abort", follow);
      }
    }

    for (let n = 1; ; n++) {
      const outcome = await attempt(n);
      const { tag, response, wait } = outcome;
      if (tag === "answer") {
        recordMeta(response!, n, sent);
        return response!;
      }
      const status = response?.status;
      const requestId = idOf(response);
      const fields = { attempt: n, status, requestId };
      const giveUp = (level: LogLevel, message: string, reason?: string) => {
        message = redact(`${what()}: ${message} (after ${n} attempt(s))`, hidden());
        say(level, message, { ...fields, event: "give_up", reason });
        return message;
      };
      let failure: ReturnType<(typeof FAILURES)["invalid"]> | undefined;
      if (n <= maxRetries && !streamBody && isRetryable(policy, outcome, request, c.idempotent)) {
        const delay = wait ?? backoffDelay(n, c);
        if (wait! > c.maxRetryAfterMs) {
          const code = outcome.advice?.code ?? `http_${status}`;
          failure = [
            "retry_too_long",
            code,
            `the server asks to wait ${wait} ms, over maxRetryAfterMs`,
          ];
        } else if (monotonicNow() + delay < deadlineAt) {
          const reason = tag === "status" ? `HTTP ${status}` : tag.replace("_", " ");
          const source = wait === undefined ? "backoff" : "retry-after";
          const ms = Math.round(delay);
          say("warn", `${what()}: ${reason}; retry ${n} of ${maxRetries} in ${ms} ms`, {
            ...fields,
            event: "retry",
            delayMs: delay,
            reason,
          });
          say("info", `waiting ${ms} ms (${source})`, { event: "wait", delayMs: delay, source });
          try {
            // The deadline cannot pass during this wait (checked above): only the caller's signals can cut it.
            await sleep(delay, signals[1] ? AbortSignal.any(signals) : signals[0]);
          } catch (caught) {
            throwIfAborted(signals, what, n);
            throw caught;
          }
          continue;
        } else
          say("warn", `${what()}: no time left for a retry`, {
            event: "give_up",
            delayMs: delay,
            reason: "deadline",
          });
      }
      // A failure status is returned to the client, which builds its typed error from the body.
      if (!failure && tag === "status") {
        recordMeta(response!, n, sent);
        giveUp(n > 1 ? "warn" : "info", `failed with ${status}`);
        return response!;
      }
      const [kind, code, happened] = failure ?? FAILURES[tag as "invalid"](c, outcome.error);
      const message = giveUp("error", happened, failure ? kind : tag);
      const retryAfterMs = failure && wait;
      // No `cause`: a fetch rejection may quote the URL or a header with a credential in it.
      throw createError({ kind, code, message, attempts: n, status, requestId, retryAfterMs });
    }
  }

  const basePolicy = resolvePolicy(options.retry);
  function make(overrides: CallOverrides): ResilientFetch {
    // Resolved once per transport and per withOptions that changes it, never per call.
    const policy = overrides.retry ? resolvePolicy(options.retry, overrides.retry) : basePolicy;
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
