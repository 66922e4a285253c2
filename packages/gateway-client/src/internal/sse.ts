import {
  createError,
  type FeedgateError,
  type FeedgateErrorKind,
  isFeedgateError,
  requestIdOf,
} from "@feedgate/core";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { sseSizeGuard } from "./limits.js";

/** Size caps of one stream. */
export interface StreamLimits {
  /** Bytes of one line, at most. */
  maxLineBytes: number;
  /** Bytes of one event (its lines up to the blank line), at most. */
  maxEventBytes: number;
}

/** Returned by a decoder to end the stream (OpenAI's optional `data: [DONE]`). */
export const END = Symbol("end");

/** Turns one SSE message into a typed event, END, or undefined to skip it. */
export type Decoder<T> = (message: EventSourceMessage) => T | typeof END | undefined;

/** What a {@link GatewayStream} is built from (the client builds it; you rarely need to). */
export interface StreamInit<T> {
  /** The HTTP answer whose body is the event stream. */
  response: Response;
  /** Aborting it cancels the HTTP request. */
  controller: AbortController;
  /** Turns each SSE message into an event. */
  decode: Decoder<T>;
  /** Ends a stalled stream with a TimeoutError (code `stream_idle_timeout`). */
  idleTimeoutMs: number;
  /** Redacts secrets from error text. */
  redact: (text: string) => string;
  /** Over either cap the stream ends with a `response_too_large` error and the request is cancelled. */
  limits: StreamLimits;
  /**
   * Makes a fresh watch per iteration that sees every event; when the body ends (or `[DONE]`
   * arrives) and the watch is not `complete`, iteration fails with a StreamError (code
   * `stream_truncated`). Default: none (any end is accepted).
   */
  watchTerminal?: (() => TerminalWatch<T>) | undefined;
  /**
   * Called with each line that is not SSE (no field name the format knows, e.g. a raw JSON error
   * body written into a 200 stream); a returned error ends the stream with it. Default: such lines are ignored.
   */
  rawLine?: ((line: string) => FeedgateError | undefined) | undefined;
}

/** Watches a stream's events for the terminal one; iteration fails with `stream_truncated` when the stream ends without it. */
export interface TerminalWatch<T> {
  /** Called with every event, in order. */
  see(event: T): void;
  /** True once the events seen so far end the stream properly. */
  readonly complete: boolean;
}

/**
 * An async iterable of typed server-sent events. Decoding uses eventsource-parser (multi-line
 * `data:`, CR/LF/CRLF boundaries, comments such as `: PING` keep-alives). Breaking out of the
 * loop, or aborting the caller's signal, cancels the request. There is no automatic
 * reconnect: a POST stream cannot be resumed safely. Iterate it once; `tee()` for two readers.
 */
export class GatewayStream<T> implements AsyncIterable<T> {
  /** The HTTP answer (status, headers); its body belongs to the stream. */
  // `declare`d: the constructor sets them, so no class field need be emitted as well.
  declare readonly response: Response;
  /** The answer's request id (the gateway's `x-oneapi-request-id`, else `x-request-id` and the like), to quote when reporting a problem; undefined when the answer had none. */
  declare readonly requestId: string | undefined;
  /** Redacts the API key from text (for errors built from the stream's content). */
  declare readonly redact: (text: string) => string;
  readonly #init: StreamInit<T>;
  #body: ReadableStream<Uint8Array> | null;
  #consumed = false;
  /** A teed branch leaves the request to its sibling: cancelling it cancels only its branch. */
  readonly #ownsRequest: boolean;

  constructor(
    init: StreamInit<T>,
    body: ReadableStream<Uint8Array> | null = init.response.body,
    ownsRequest = true,
  ) {
    this.#init = init;
    this.#body = body;
    this.#ownsRequest = ownsRequest;
    this.response = init.response;
    const requestId = requestIdOf(init.response.headers);
    this.requestId = requestId && init.redact(requestId);
    this.redact = init.redact;
  }

  /** Two independent streams of the same events (each must be consumed or cancelled). */
  tee(): [GatewayStream<T>, GatewayStream<T>] {
    this.#claim();
    return (this.#body?.tee() ?? [null, null]).map(
      (branch) => new GatewayStream(this.#init, branch, false),
    ) as [GatewayStream<T>, GatewayStream<T>];
  }

  #claim(): void {
    if (this.#consumed)
      throw new TypeError("this stream was already iterated or teed; use tee() for two readers");
    this.#consumed = true;
  }

  /** Iterates the events once; breaking out of the loop cancels the request. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    this.#claim();
    const { controller, decode, idleTimeoutMs, rawLine, watchTerminal, limits } = this.#init;
    if (!this.#body) return;
    const reader = this.#body.getReader();
    const decoder = new TextDecoder();
    const queue: EventSourceMessage[] = [];
    let raw: FeedgateError | undefined;
    const parser = createParser({
      onEvent: (message) => queue.push(message),
      onError: (error) => {
        if (error.type === "unknown-field" && error.line !== undefined)
          raw ??= rawLine?.(error.line);
      },
    });
    const terminal = watchTerminal?.();
    const guard = sseSizeGuard(limits, (what, limit) =>
      this.#error(
        "response_too_large",
        "response_too_large",
        `${what} is larger than ${limit} bytes: the connection was cancelled (raise the client's limit if this answer is expected)`,
      ),
    );
    let finished = false;
    const idle = this.#idleWatch(reader, idleTimeoutMs);
    try {
      read: for (let done = false; !done; ) {
        const chunk = await idle.read();
        done = chunk.done;
        // Checked before the parser buffers it: an endless line fails at the cap, not at the idle timeout.
        if (!chunk.done) guard(chunk.value);
        // At the end, a blank line dispatches a final event that lacked its own.
        parser.feed(
          done ? `${decoder.decode()}\n\n` : decoder.decode(chunk.value, { stream: true }),
        );
        if (raw) throw raw;
        for (const message of queue.splice(0)) {
          const event = decode(message);
          if (event === END) break read;
          if (event === undefined) continue;
          terminal?.see(event);
          yield event;
        }
      }
      if (terminal && !terminal.complete)
        throw this.#error(
          "stream",
          "stream_truncated",
          "the stream ended before its terminal event: the answer is incomplete",
        );
      finished = true;
    } catch (err) {
      throw this.#failed(err);
    } finally {
      idle.stop();
      if (!finished && this.#ownsRequest)
        controller.abort(new DOMException("stream closed by the consumer", "AbortError"));
      await reader.cancel().catch(() => {});
      reader.releaseLock();
    }
  }

  /**
   * What iteration rejects with: an error of the family as it is (an error event, a cap, the idle
   * timeout); the caller's abort as an AbortError (a TimeoutError for an `AbortSignal.timeout`)
   * with the signal's reason as `cause`; a body that broke off as a ConnectionError.
   */
  #failed(err: unknown): unknown {
    if (isFeedgateError(err)) return err;
    const { signal } = this.#init.controller;
    const reason = signal.reason as { name?: unknown } | undefined;
    if (isFeedgateError(reason)) return reason;
    if (!signal.aborted)
      return this.#error(
        "network",
        "stream_interrupted",
        "the connection broke off mid-stream",
        err,
      );
    return reason?.name === "TimeoutError"
      ? this.#error(
          "timeout",
          "signal_timeout",
          "the caller's signal timed out: the stream was closed",
          reason,
        )
      : this.#error("aborted", "aborted", "the caller's signal aborted the stream", reason);
  }

  /**
   * Reads ended by the idle timeout or by the stream's own signal. The signal is watched here
   * rather than trusted to reach the body through fetch: undici links a Request's signal to the one
   * it follows only through a WeakRef, so after a garbage collection an abort passed through the
   * intermediate Requests (openapi-fetch's, the transport's) may never arrive. An abort cancels
   * the reader, which ends a pending read, and the read then rejects with the signal's reason;
   * the caller's `finally` cancels the body, which closes the connection. One listener and one
   * timer serve every read (the timer only moves a deadline forward), since a timer, a listener
   * and a race per chunk were a measurable share of decoding.
   */
  #idleWatch(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number) {
    const { controller } = this.#init;
    const { signal } = controller;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // When the current read must end; 0 between reads.
    let deadline = 0;
    const tick = () => {
      timer = undefined;
      if (!deadline) return;
      const left = deadline - performance.now();
      if (left > 0) {
        timer = setTimeout(tick, left);
        return;
      }
      const message = `no data from the gateway for ${ms} ms: the stream was closed`;
      controller.abort(this.#error("timeout", "stream_idle_timeout", message));
    };
    const onAbort = () => void reader.cancel(signal.reason).catch(() => {});
    signal.addEventListener("abort", onAbort, { once: true });
    return {
      read: async () => {
        if (signal.aborted) throw signal.reason;
        deadline = performance.now() + ms;
        timer ??= setTimeout(tick, ms);
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } finally {
          deadline = 0;
        }
        if (signal.aborted) throw signal.reason;
        return chunk;
      },
      stop: () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
      },
    };
  }

  /** An error of the family about this stream (its status and request id). */
  #error(kind: FeedgateErrorKind, code: string, message: string, cause?: unknown): FeedgateError {
    const { response, requestId } = this;
    return createError({ kind, code, message, status: response.status, requestId, cause });
  }
}
