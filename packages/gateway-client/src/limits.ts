import { GatewayError, gatewayError } from "./errors.js";

/** Default cap of a JSON (or any non-stream) answer body: 32 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
/** Default cap of one line of a server-sent event stream: 1 MiB. */
export const DEFAULT_MAX_SSE_LINE_BYTES = 1024 * 1024;
/** Default cap of one server-sent event (all its lines up to the blank line): 8 MiB. */
export const DEFAULT_MAX_SSE_EVENT_BYTES = 8 * 1024 * 1024;

export function tooLarge(what: string, limit: number, status?: number, requestId?: string): GatewayError {
  return gatewayError(
    "response_too_large",
    "response_too_large",
    `${what} is larger than ${limit} bytes: the connection was cancelled (raise the client's limit if this answer is expected)`,
    status,
    requestId,
  );
}

/**
 * The same answer with a body that errors (and cancels the connection) past `limit` bytes, so an
 * endless or huge body fails in bounded memory instead of being buffered by `json()`/`text()`.
 * A `Content-Length` over the limit fails before any byte is read.
 */
export function capBody(response: Response, limit: number, requestId: string | undefined): Response {
  const body = response.body;
  if (body === null) return response;
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    void body.cancel().catch(() => {});
    throw tooLarge(`the answer (HTTP ${response.status}, Content-Length ${declared})`, limit, response.status, requestId);
  }
  const reader = body.getReader();
  let seen = 0;
  const capped = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > limit) {
        void reader.cancel().catch(() => {});
        return controller.error(tooLarge(`the answer (HTTP ${response.status})`, limit, response.status, requestId));
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(capped, { status: response.status, statusText: response.statusText, headers: response.headers });
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Counts the bytes of the current SSE line and event across chunks (CR, LF and CRLF end a line;
 * an empty line ends an event) and throws `response_too_large` past either cap. Newline bytes
 * never occur inside a multi-byte UTF-8 character, so counting raw bytes is exact.
 */
export class SseSizeGuard {
  #line = 0;
  #event = 0;
  #lastWasCr = false;

  constructor(
    readonly maxLineBytes: number,
    readonly maxEventBytes: number,
    private readonly fail: (what: string, limit: number) => GatewayError,
  ) {}

  check(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === LF || byte === CR) {
        // The LF of a CRLF pair ends the same line as its CR.
        if (!(byte === LF && this.#lastWasCr)) {
          if (this.#line === 0) this.#event = 0;
          this.#line = 0;
        }
        this.#lastWasCr = byte === CR;
        continue;
      }
      this.#lastWasCr = false;
      this.#line++;
      this.#event++;
      if (this.#line > this.maxLineBytes) throw this.fail("one line of the event stream", this.maxLineBytes);
      if (this.#event > this.maxEventBytes) throw this.fail("one event of the event stream", this.maxEventBytes);
    }
  }
}
