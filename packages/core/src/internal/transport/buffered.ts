import { META, type Recorded } from "./meta.js";

/** Thrown by `readAll` when a body passes its cap: ends the attempt, never retried. */
export class TooLarge extends Error {}

/** One decoder for every answer: decoding without `stream` keeps no state between calls. */
export const decoder = new TextDecoder();
const used = () => new TypeError("body already used");

/**
 * An answer whose body was read completely inside its attempt, served from those bytes:
 * `text()` and `json()` (what the clients read) need no second stream and no copy of the
 * headers. It behaves as the answer itself (status, headers, url, redirected), except that its
 * body can no longer be cut short or stall; other ways of reading go through a plain Response
 * over the bytes.
 */
export class BufferedResponse extends Response {
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
  /** Reads the body another way than `text()`, through a plain Response over the bytes. */
  #read<T>(how: "text" | "arrayBuffer" | "bytes" | "blob" | "formData"): Promise<T> {
    return this.#used ? Promise.reject(used()) : (this.#plain()[how]() as Promise<T>);
  }

  override text(): Promise<string> {
    if (this.#inner || this.#used) return this.#read("text");
    this.#used = true;
    return Promise.resolve(decoder.decode(this.#bytes));
  }
  // biome-ignore lint/suspicious/noExplicitAny: the same signature as Response.json(), which it overrides.
  override json(): Promise<any> {
    return this.text().then(JSON.parse);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#read("arrayBuffer");
  }
  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#read("bytes");
  }
  override blob(): Promise<Blob> {
    return this.#read("blob");
  }
  override formData(): Promise<FormData> {
    return this.#read("formData");
  }
  override clone(): Response {
    if (this.bodyUsed) throw used();
    return new BufferedResponse(this.#from, this.#bytes);
  }
}

/**
 * The whole body, or a rejection as soon as the signal fires: the read is cancelled here, as
 * fetch may never hear of the signal (see `send`). Chunks are joined only when there are several.
 */
export async function readAll(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  signal: AbortSignal,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  // Not removed: the signal is the attempt's own, and ends with it.
  signal.addEventListener("abort", stop);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for (
    let read: ReadableStreamReadResult<Uint8Array<ArrayBuffer>>;
    !(read = await reader.read()).done;
    size += read.value.byteLength
  ) {
    if (!ArrayBuffer.isView(read.value)) throw new TypeError("not bytes");
    // Checked per chunk, before keeping it: an endless body costs at most one chunk past the cap.
    if (size + read.value.byteLength > limit) {
      stop();
      throw new TooLarge();
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
}
