import type { Reply } from "../core/reply.js";

/** One SSE frame: `event: <name>` (when given), `data: <one-line JSON>`, blank line. */
export function sseFrame(data: unknown, event?: string): string {
  return `${event !== undefined ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;
}

/** What a scripted stream does. */
export interface StreamScript {
  /** Events sent instead of the generated ones (Responses: framed with `event: <type>`; Gemini: data-only). */
  events?: unknown[] | undefined;
  /** Text the generated events spell out (split into word deltas). */
  transcript?: string | undefined;
  /** Stop after this many events and keep the socket open (until the client gives up or the fake closes). */
  stallAfter?: number | undefined;
  /** Send an error event after this many events, then end the stream (Gemini: the raw Google error chunk the gateway forwards). */
  errorAfter?: number | undefined;
  /**
   * End the stream cleanly (HTTP 200, no error) after this many events, without the terminal
   * event: what the gateway does on its idle timeout, upstream EOF or a scanner error
   * (relay/helper/stream_scanner.go:284-298). Default: never.
   */
  endAfter?: number | undefined;
}

export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
  connection: "keep-alive",
};

/** A stream's answer: its items framed up to the script's cut, then `error` when the script asks for one. */
export function streamReply(
  items: readonly unknown[],
  script: StreamScript | undefined,
  frame: (item: unknown) => string,
  error: unknown,
): Reply {
  const chunks = items
    .slice(0, Math.min(script?.errorAfter ?? Infinity, script?.endAfter ?? Infinity))
    .map(frame);
  if (script?.errorAfter !== undefined) chunks.push(frame(error));
  const { stallAfter } = script ?? {};
  return {
    status: 200,
    headers: { ...SSE_HEADERS },
    stream: { chunks, ...(stallAfter !== undefined && { stallAfter }) },
  };
}

/** Code points per delta of a run without spaces (Chinese, Japanese): about a word's worth. */
const CHUNK = 4;

/**
 * Splits text into word-sized deltas that concatenate back to it exactly: a space-separated
 * word per delta, and runs without spaces (CJK text) every {@link CHUNK} code points.
 */
export function wordDeltas(text: string): string[] {
  const words: string[] = text.match(/\s*\S+/g) ?? [];
  const rest = text.slice(words.join("").length);
  if (rest) words.push(rest);
  const parts = words.flatMap((word) => {
    const points = [...word];
    if (points.length <= 2 * CHUNK) return [word];
    return Array.from({ length: Math.ceil(points.length / CHUNK) }, (_, i) =>
      points.slice(i * CHUNK, (i + 1) * CHUNK).join(""),
    );
  });
  return parts.length > 0 ? parts : [""];
}
