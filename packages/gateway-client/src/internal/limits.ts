import { type FeedgateError, invalidArgument, TRANSPORT_DEFAULTS } from "@feedgate/core";

/** Default cap of a non-stream answer body (core's transport enforces it): 32 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES: number = TRANSPORT_DEFAULTS.maxResponseBytes;
/**
 * Default cap of one line of a server-sent event stream: 64 MiB. Gemini image models stream a
 * whole image as base64 in one `data:` line, and Responses image events are as large; the
 * gateway itself passes lines of up to 128 MB.
 */
export const DEFAULT_MAX_SSE_LINE_BYTES = 64 * 1024 * 1024;
/** Default cap of one server-sent event (all its lines up to the blank line): 128 MiB. */
export const DEFAULT_MAX_SSE_EVENT_BYTES = 128 * 1024 * 1024;

/** A positive whole-number option (a cap of the collectors and image helpers), or its default. */
export function limitOf<O extends object>(options: O, name: keyof O & string, or: number): number {
  const value = options[name] ?? or;
  if (!(Number.isSafeInteger(value) && (value as number) > 0))
    throw invalidArgument(name, "a positive whole number");
  return value as number;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Counts the bytes of the current SSE line and event across chunks (CR, LF and CRLF end a line;
 * an empty line ends an event) and throws `response_too_large` past either cap. Newline bytes
 * never occur inside a multi-byte UTF-8 character, so counting raw bytes is exact. A closure, not
 * a class: its counters are locals the minifier shortens. The caps are a `StreamLimits` (typed by
 * shape: sse.ts imports this module).
 */
export function sseSizeGuard(
  { maxLineBytes, maxEventBytes }: Record<"maxLineBytes" | "maxEventBytes", number>,
  fail: (what: string, limit: number) => FeedgateError,
): (chunk: Uint8Array) => void {
  let line = 0;
  let event = 0;
  let lastWasCr = false;
  return (chunk) => {
    // Runs between line breaks are counted in one step: the breaks are found with indexOf (a
    // native scan), since a byte-by-byte loop here was the stream's largest cost in a profile.
    const n = chunk.length;
    let nextLf = -2;
    let nextCr = -2;
    for (let i = 0; i < n; ) {
      if (nextLf !== -1 && nextLf < i) nextLf = chunk.indexOf(LF, i);
      if (nextCr !== -1 && nextCr < i) nextCr = chunk.indexOf(CR, i);
      // The nearer of the next LF and the next CR (-1: none left: the chunk's end). No Math.min:
      // this runs once per line of every chunk (the decoding benchmark's hot loop).
      let end = nextLf === -1 ? n : nextLf;
      if (nextCr !== -1 && nextCr < end) end = nextCr;
      const run = end - i;
      if (run > 0) {
        lastWasCr = false;
        line += run;
        event += run;
        if (line > maxLineBytes) throw fail("one line of the event stream", maxLineBytes);
        if (event > maxEventBytes) throw fail("one event of the event stream", maxEventBytes);
      }
      if (end === n) break;
      const byte = chunk[end];
      // The LF of a CRLF pair ends the same line as its CR.
      if (!(byte === LF && lastWasCr)) {
        if (line === 0) event = 0;
        line = 0;
      }
      lastWasCr = byte === CR;
      i = end + 1;
    }
  };
}
