import { FeedgateError, type FeedgateErrorKind } from "../errors.js";
import { checkFraction, checkPositive, stripUndefined } from "../internal/checks.js";
import { monotonicNow, realSleep, watch } from "../internal/time.js";
import { createLog, loggableUrl, scrubSecrets, secretsOf, type LogFields, type LogLevel } from "./logger.js";
import { META, recordMeta, requestIdOf, type Recorded } from "./meta.js";
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

/** Abort reasons of an attempt's own controller, so a rejection can be told apart from the caller's abort. */
const ATTEMPT_TIMEOUT = Symbol();
const DEADLINE = Symbol();
/** Thrown by `readAll` when a body passes its cap: ends the attempt, never retried. */
class TooLarge extends Error {
  constructor(readonly limit: number) {
    super(`body over ${limit} bytes`);
  }
}

function checkOptions(o: ResilientFetchOptions | CallOverrides): void {
  for (const [name, value] of Object.entries(o)) {
    if (/Ms$|Retries$|Bytes$/.test(name)) checkPositive(name, value as number | undefined, !name.endsWith("Ms"));
  }
  checkFraction("jitter", (o as ResilientFetchOptions).jitter);
}

/** One decoder for every answer: decoding without `stream` keeps no state between calls. */
const decoder = new TextDecoder();
const used = () => new TypeError("body already used");

/**
 * An answer whose body was read completely inside its attempt, served from those bytes:
 * `text()` and `json()` (what the clients read) need no second stream and no copy of the
 * headers. It behaves as the answer itself (status, headers, url, redirected), except that its
 * body can no longer be cut short or stall; other ways of reading go through a plain Response
 * over the bytes.
 */
class BufferedResponse extends Response {
  [META]: Recorded | undefined = undefined;
  #from: Response;
  #bytes: Uint8Array<ArrayBuffer>;
  #headers: Headers;
  #used = false;
  #inner: Response | undefined;

  constructor(from: Response, bytes: Uint8Array<ArrayBuffer>) {
    super(null, { status: from.status, statusText: from.statusText });
    this.#from = from;
    this.#bytes = bytes;
    this.#headers = from.headers;
    if (from.headers.has("content-encoding")) {
      // The bytes are already decoded; the old length and encoding no longer describe them.
      this.#headers = new Headers(from.headers);
      this.#headers.delete("content-encoding");
      this.#headers.set("content-length", `${bytes.byteLength}`);
    }
  }

  override get headers() {
    return this.#headers;
  }
  override get url() {
    return this.#from.url;
  }
  override get redirected() {
    return this.#from.redirected;
  }
  override get bodyUsed() {
    return this.#used || !!this.#inner?.bodyUsed;
  }
  override get body() {
    return this.#used ? null : this.#plain().body;
  }

  #plain(): Response {
    return (this.#inner ??= new Response(this.#bytes, { headers: this.#headers }));
  }
  #read<T>(read: (plain: Response) => Promise<T>): Promise<T> {
    return this.#used ? Promise.reject(used()) : read(this.#plain());
  }

  override text(): Promise<string> {
    if (this.#inner || this.#used) return this.#read((plain) => plain.text());
    this.#used = true;
    return Promise.resolve(decoder.decode(this.#bytes));
  }
  override json(): Promise<any> {
    return this.text().then(JSON.parse);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#read((plain) => plain.arrayBuffer());
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#read((plain) => plain.bytes());
  }
  override blob(): Promise<Blob> {
    return this.#read((plain) => plain.blob());
  }
  override formData(): Promise<FormData> {
    return this.#read((plain) => plain.formData());
  }
  override clone(): Response {
    if (this.bodyUsed) throw used();
    return new BufferedResponse(this.#from, this.#bytes);
  }
}

/**
 * The whole body, or a rejection as soon as the signal fires. The platform's fetch errors the
 * body when its request's signal fires; for an injected fetch (`tied` false) that may not, the
 * read is cancelled here. Chunks are joined only when there are several.
 */
async function readAll(body: ReadableStream<Uint8Array<ArrayBuffer>>, signal: AbortSignal, tied: boolean, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  if (!tied) signal.addEventListener("abort", stop);
  try {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    for (let read; !(read = await reader.read()).done; size += read.value.byteLength) {
      if (!ArrayBuffer.isView(read.value)) throw new TypeError("not bytes");
      // Checked per chunk, before keeping it: an endless body costs at most one chunk past the cap.
      if (size + read.value.byteLength > limit) {
        void reader.cancel().catch(() => {});
        throw new TooLarge(limit);
      }
      chunks.push(read.value);
    }
    // A cancelled read ends like a complete one: the signal tells them apart.
    if (signal.aborted) throw signal.reason;
    if (chunks.length === 1) return chunks[0]!;
    const all = new Uint8Array(size);
    size = 0;
    for (const chunk of chunks) all.set(chunk, (size += chunk.byteLength) - chunk.byteLength);
    return all;
  } finally {
    signal.removeEventListener("abort", stop);
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
  // Each attempt sends a fresh copy of the request with the attempt's signal. The platform's
  // fetch makes that copy itself from (request, init) (looked up per attempt, so a fetch patched
  // later is honoured); an injected fetch takes a Request, so the copy is made here.
  const { fetch: injected, sleep = realSleep, random = Math.random, now = Date.now } = options;
  const send = (request: Request, init: RequestInit) => (injected ? injected(new Request(request, init)) : globalThis.fetch(request, init));
  const log = createLog(options);
  // Per-attempt records are built only when someone reads them: this is the hot path of every call.
  const debug = options.logger && options.logLevel === "debug";

  async function run(request: Request, overrides: CallOverrides): Promise<Response> {
    const method = request.method.toUpperCase();
    // Only a POST needs its route looked at (sync image generation, the gateway's free routes).
    const url = method === "POST" ? new URL(request.url) : undefined;
    const image = isSyncImageGeneration(url);
    const maxRetries = overrides.maxRetries ?? (image ? o.syncImageMaxRetries : o.maxRetries);
    const timeoutMs = overrides.timeoutMs ?? (image ? o.syncImageTimeoutMs : o.timeoutMs);
    const deadlineMs = overrides.deadlineMs ?? (image ? o.syncImageTimeoutMs : o.deadlineMs);
    const idempotent = overrides.idempotent ?? isIdempotent(method, url);
    const maxBytes = overrides.maxResponseBytes ?? o.maxResponseBytes;
    let where: string | undefined;
    let secrets: string[] | undefined;
    /** `METHOD url` as it may be logged (credentials masked), for messages. */
    const what = () => `${method} ${(where ??= loggableUrl(request.url))}`;
    /** The answer's request id, with any credential a hostile server echoed into it removed. */
    const idOf = (headers: Headers) => {
      const id = requestIdOf(headers);
      return id === undefined ? undefined : scrubSecrets(id, (secrets ??= secretsOf(request.headers)));
    };
    const say = (level: LogLevel, message: string, fields: LogFields) =>
      log(level, message, { method, url: (where ??= loggableUrl(request.url)), ...fields }, (secrets ??= secretsOf(request.headers)));
    const signals = overrides.signal ? [request.signal, overrides.signal] : [request.signal];
    /** The error when the caller's signal fired: kind `timeout` for its `AbortSignal.timeout`, else `aborted`. */
    const aborted = (attempts: number) => {
      const reason = signals.find((s) => s.aborted)?.reason as { name?: unknown } | undefined;
      const timedOut = reason?.name === "TimeoutError";
      return signals.some((s) => s.aborted)
        ? new FeedgateError({
            kind: timedOut ? "timeout" : "aborted",
            code: timedOut ? "signal_timeout" : "aborted",
            message: `${what()}: the caller's signal ${timedOut ? "timed out" : "aborted"}`,
            attempts,
            cause: reason,
          })
        : undefined;
    };
    let error: unknown = aborted(0);
    if (error) throw error;

    // A replayable body is read once and sent afresh on each attempt; any other is a stream: one attempt only.
    const streamBody = request.body !== null && !isReplayableBodyType(request.headers.get("content-type"));
    const body = request.body === null || streamBody ? null : await request.arrayBuffer();
    const deadlineAt = monotonicNow() + deadlineMs;

    for (let attempt = 1; ; attempt++) {
      /** Why this attempt gave no final answer (`status`: a retryable one), if so. */
      let failure: "status" | "invalid" | "too_large" | "network" | "attempt_timeout" | "deadline" | undefined;
      let answer: Response | undefined;
      let retryAfterMs: number | undefined;
      let codes: string[] = [];
      let hint: string | null = null;
      const left = deadlineAt - monotonicNow();
      if (left > 0) {
        // One controller per attempt: its timer fires at the attempt timeout or the deadline,
        // whichever comes first, and the caller's signals abort it too.
        const controller = new AbortController();
        const { signal } = controller;
        const abort = (reason: unknown) => controller.abort(reason);
        const why = left < timeoutMs ? DEADLINE : ATTEMPT_TIMEOUT;
        const unwatch = watch(Math.min(left, timeoutMs), () => abort(why));
        const follow = (event: Event) => abort((event.target as AbortSignal).reason);
        for (const s of signals) s.addEventListener("abort", follow);
        let streamed = false;
        if (debug) say("debug", `${what()} (attempt ${attempt})`, { event: "request", attempt });
        try {
          const response = await send(request, { body, signal });
          const type = response.headers.get("content-type");
          // Streamed to the caller: its own signal (still linked) and idle timeouts govern the body.
          if ((streamed = response.type === "opaqueredirect" || (response.ok && isStreamedResponse(type)))) answer = response;
          else {
            // A body announced over the cap is refused unread.
            if (Number(response.headers.get("content-length")) > maxBytes) {
              void response.body?.cancel().catch(() => {});
              throw new TooLarge(maxBytes);
            }
            // Read here, under the attempt's timeout, so a truncated or stalled body is one more retryable failure.
            const bytes = response.body && (await readAll(response.body as ReadableStream<Uint8Array<ArrayBuffer>>, signal, !injected, maxBytes));
            answer = bytes ? new BufferedResponse(response, bytes) : response;
            const { status, headers } = answer;
            hint = headers.get("x-should-retry");
            if (debug) say("debug", `${what()} answered ${status}`, { event: "response", status, attempt, requestId: idOf(headers) });
            if (isForeignHtml(request, status, type)) failure = "invalid";
            else if (status >= 400 && (RETRYABLE_STATUSES.has(status) || hint === "true")) {
              failure = "status";
              let parsed: unknown;
              try {
                parsed = JSON.parse(decoder.decode(bytes!));
              } catch {}
              retryAfterMs = maxDefined([parseRetryAfterHeaders(headers, now), parseRetryAfterBody(parsed)]);
              codes = codesOf(parsed);
            }
          }
        } catch (caught) {
          if ((error = aborted(attempt))) throw error;
          error = caught;
          failure = caught instanceof TooLarge ? "too_large" : signal.reason === DEADLINE ? "deadline" : signal.reason === ATTEMPT_TIMEOUT ? "attempt_timeout" : "network";
        } finally {
          unwatch();
          if (!streamed) for (const s of signals) s.removeEventListener("abort", follow);
        }
      } else failure = "deadline";

      if (!failure) {
        recordMeta(answer!, attempt - 1, request.url);
        return answer!;
      }
      const status = failure === "status" ? answer!.status : undefined;
      // A failure status is returned to the client once retries are over.
      if (status) recordMeta(answer!, attempt - 1, request.url);
      const fields = { attempt, status, requestId: answer && idOf(answer.headers) };
      const retryable =
        !streamBody &&
        (failure === "network"
          ? idempotent || failedBeforeSending(error)
          : status
            ? hint !== "false" && !codes.some((c) => HOPELESS_CODES.has(c)) && (idempotent || status === 429 || status === 408 || (status === 503 && retryAfterMs !== undefined))
            : failure !== "deadline" && failure !== "too_large" && idempotent);
      const delay = retryAfterMs ?? Math.min(o.initialDelayMs * 2 ** (attempt - 1), o.maxDelayMs) * (1 - o.jitter * random());
      const tries = `after ${attempt} attempt(s)`;
      const cause = error as { message?: unknown; cause?: { message?: unknown; code?: unknown } } | undefined;
      const detail = [cause?.message, cause?.cause?.code ?? cause?.cause?.message].filter((x) => typeof x === "string").join(": ");
      // The error each failure ends in: kind, code, and what happened.
      let [kind, code, happened] = (
        {
        status: ["http", "", `failed with ${status}`],
        invalid: ["invalid_response", "not_json", "answered HTML, not JSON"],
        too_large: ["response_too_large", "response_too_large", `answered a body over maxResponseBytes (${maxBytes} bytes); not read further`],
        network: ["network", typeof cause?.cause?.code === "string" ? cause.cause.code : "network_error", `connection failed: ${detail || "unknown error"}`],
        attempt_timeout: ["timeout", "attempt_timeout", `no complete answer within ${timeoutMs} ms`],
        deadline: ["timeout", "deadline_exceeded", `deadline of ${deadlineMs} ms passed`],
      } as Record<typeof failure, [FeedgateErrorKind, string, string]>
      )[failure];
      if (retryable && attempt <= maxRetries) {
        if (retryAfterMs! > o.maxRetryAfterMs) {
          kind = "retry_too_long";
          code = codes[0] ?? `http_${status}`;
          happened = `the server asks to wait ${retryAfterMs} ms, over maxRetryAfterMs`;
        } else if (monotonicNow() + delay < deadlineAt) {
          const reason = status ? `HTTP ${status}` : failure.replace("_", " ");
          const source = retryAfterMs === undefined ? "backoff" : "retry-after";
          say("warn", `${what()}: ${reason}; retry ${attempt} of ${maxRetries} in ${Math.round(delay)} ms`, { ...fields, event: "retry", delayMs: delay, reason });
          say("info", `waiting ${Math.round(delay)} ms (${source})`, { event: "wait", delayMs: delay, source });
          try {
            // The deadline cannot pass during this wait (checked above): only the caller's signals can cut it.
            await sleep(delay, signals[1] ? AbortSignal.any(signals) : signals[0]);
          } catch (caught) {
            throw aborted(attempt) ?? caught;
          }
          continue;
        } else say("warn", `${what()}: no time left for a retry`, { event: "give_up", delayMs: delay, reason: "deadline" });
      }
      // The last failure as the caller gets it: a failure status is returned, anything else thrown.
      const message = scrubSecrets(`${what()}: ${happened} (${tries})`, (secrets ??= secretsOf(request.headers)));
      if (kind === "http") {
        say(attempt > 1 ? "warn" : "info", message, { ...fields, event: "give_up" });
        return answer!;
      }
      say("error", message, { ...fields, event: "give_up", reason: failure });
      throw new FeedgateError({ kind, code, message, attempts: attempt, status: answer?.status, requestId: fields.requestId, retryAfterMs });
    }
  }

  function make(overrides: CallOverrides): ResilientFetch {
    const resilient = ((input: RequestInfo | URL, init?: RequestInit) =>
      run(input instanceof Request && !init ? input : new Request(input, init), overrides)) as ResilientFetch;
    resilient.withOptions = (more: CallOverrides) => {
      checkOptions(more);
      const merged: CallOverrides = { ...overrides, ...stripUndefined(more) };
      const signals = [overrides.signal, more.signal].filter((s) => s !== undefined);
      if (signals[0]) merged.signal = signals[1] ? AbortSignal.any(signals) : signals[0];
      return make(merged);
    };
    return resilient;
  }
  return make({});
}
