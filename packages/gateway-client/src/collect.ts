/**
 * `@feedgate/gateway-client/collect`: folds a stream into its final answer (`collectResponse`,
 * `collectGenerateContent`), joins a Response's text (`outputText`) and extracts the images of a
 * `generateContent` answer or stream (`contentImages`, `streamContentImages`). Not every caller needs them,
 * so they are not part of the main entry point.
 * @packageDocumentation
 */
import { withoutRequestId } from "./internal/envelope.js";

export {
  type ContentImage,
  type ContentImagesOptions,
  contentImages,
  MAX_CONTENT_IMAGE_BYTES,
  MAX_CONTENT_IMAGES,
  streamContentImages,
} from "./internal/content-images.js";

import { gatewayError } from "./internal/answer-errors.js";
import { limitOf } from "./internal/limits.js";
import type { GatewayStream } from "./internal/sse.js";
import type { ResponseStreamEvent } from "./internal/stream-types.js";
import type { GenerateContentResponse, ResponseObject } from "./internal/types.js";

/**
 * Bounds of a collector, so that a stream of endless small events (each under the stream's byte
 * caps) cannot grow the process without limit. Past either, collecting fails with a
 * LimitExceededError (kind `limit_exceeded`, code `max_events` or `max_text`) and the request is
 * cancelled.
 */
export interface CollectOptions {
  /** Events read at most. Default: 1,000,000 (a long answer streams a few thousand). */
  maxEvents?: number | undefined;
  /** Characters of text kept at most (deltas joined, or a Gemini candidate's text and parts). Default: 16,777,216 (16 Mi). */
  maxTextLength?: number | undefined;
}

/** The defaults of {@link CollectOptions}. */
export const COLLECT_DEFAULTS: {
  /** Events read at most: 1,000,000. */
  readonly maxEvents: number;
  /** Characters of text kept at most: 16 Mi. */
  readonly maxTextLength: number;
} = { maxEvents: 1_000_000, maxTextLength: 16 * 1024 * 1024 };

function limits(stream: GatewayStream<unknown>, options: CollectOptions) {
  const maxEvents = limitOf(options, "maxEvents", COLLECT_DEFAULTS.maxEvents);
  const maxTextLength = limitOf(options, "maxTextLength", COLLECT_DEFAULTS.maxTextLength);
  let events = 0;
  const over = (code: string, what: string) =>
    gatewayError(
      "limit_exceeded",
      code,
      `collecting the stream stopped: ${what}`,
      stream.response.status,
      stream.requestId,
    );
  return {
    /** Counts one event; throws past maxEvents. */
    event(): void {
      if (++events > maxEvents)
        throw over("max_events", `more than maxEvents (${maxEvents}) events`);
    },
    /** Throws when `length` characters of text would pass maxTextLength. */
    text(length: number): void {
      if (length > maxTextLength)
        throw over("max_text", `more than maxTextLength (${maxTextLength}) characters of text`);
    },
  };
}

/** The text of a Response: every `output_text` part of its message items, in order. */
export function outputText(response: ResponseObject): string {
  let text = "";
  for (const item of (response as { output?: unknown[] }).output ?? []) {
    const message = item as { type?: string; content?: Array<{ type?: string; text?: string }> };
    if (message.type !== "message") continue;
    for (const part of message.content ?? [])
      if (part.type === "output_text" && typeof part.text === "string") text += part.text;
  }
  return text;
}

/**
 * Consumes a Responses stream. Returns the final Response (from `response.completed` or
 * `response.incomplete`, which carry the authoritative snapshot) and its text. Throws a
 * StreamError (kind `stream`) on `response.failed`, or when the stream ends without a terminal event.
 */
export async function collectResponse(
  stream: GatewayStream<ResponseStreamEvent>,
  options: CollectOptions = {},
): Promise<{
  /** The final Response object (from `response.completed` or `response.incomplete`). */
  response: ResponseObject;
  /** The Response's output text (the streamed deltas joined, when the object has none). */
  outputText: string;
}> {
  let deltas = "";
  const fail = (code: string, message: string) =>
    gatewayError("stream", code, message, stream.response.status, stream.requestId);
  const bound = limits(stream as GatewayStream<unknown>, options);
  for await (const event of stream) {
    bound.event();
    const e = event as { type: string; delta?: string; response?: ResponseObject };
    if (e.type === "response.output_text.delta" && typeof e.delta === "string") {
      bound.text(deltas.length + e.delta.length);
      deltas += e.delta;
    }
    if ((e.type === "response.completed" || e.type === "response.incomplete") && e.response) {
      return { response: e.response, outputText: outputText(e.response) || deltas };
    }
    if (e.type === "response.failed") {
      const error = (
        e.response as { error?: { code?: string; message?: string } | null } | undefined
      )?.error;
      // Error text from the service already went through the client's redaction in the decoder;
      // snapshots in response.failed did not, so they are redacted by the stream's own function.
      throw fail(
        error?.code ?? "response_failed",
        stream.redact(
          `the response failed: ${withoutRequestId(error?.message ?? "no reason given")}`,
        ),
      );
    }
  }
  throw fail("stream_truncated", "the stream ended before the response completed");
}

type Candidate = NonNullable<GenerateContentResponse["candidates"]>[number];
type Part = NonNullable<NonNullable<Candidate["content"]>["parts"]>[number];

/**
 * Folds a Gemini stream into one GenerateContentResponse: per candidate index, text parts are
 * concatenated (adjacent text joined), other parts appended; the last finishReason,
 * usageMetadata, modelVersion and responseId win.
 */
export async function collectGenerateContent(
  stream: GatewayStream<GenerateContentResponse>,
  options: CollectOptions = {},
): Promise<GenerateContentResponse> {
  const out: Record<string, unknown> = {};
  const candidates = new Map<
    number,
    { role?: string; parts: Part[]; rest: Record<string, unknown> }
  >();
  const bound = limits(stream as GatewayStream<unknown>, options);
  /** Text and parts kept so far, counted as characters (a part that is not text counts as one). */
  let kept = 0;
  for await (const { candidates: list, ...top } of stream) {
    bound.event();
    Object.assign(out, top);
    for (const candidate of list ?? []) {
      const index = (candidate as { index?: number }).index ?? 0;
      const slot = candidates.get(index) ?? { parts: [], rest: {} };
      const { content, ...rest } = candidate as Candidate & {
        content?: { role?: string; parts?: Part[] };
      };
      Object.assign(slot.rest, rest);
      if (content?.role) slot.role = content.role;
      for (const part of content?.parts ?? []) {
        const last = slot.parts.at(-1) as { text?: string; thought?: boolean } | undefined;
        const next = part as { text?: string; thought?: boolean };
        kept += typeof next.text === "string" ? next.text.length : 1;
        bound.text(kept);
        if (
          last &&
          typeof last.text === "string" &&
          typeof next.text === "string" &&
          Object.keys(next).length === 1 &&
          !last.thought
        ) {
          slot.parts[slot.parts.length - 1] = { ...last, text: last.text + next.text } as Part;
        } else {
          slot.parts.push(part);
        }
      }
      candidates.set(index, slot);
    }
  }
  out["candidates"] = [...candidates.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, slot]) => ({
      ...slot.rest,
      index,
      content: { role: slot.role ?? "model", parts: slot.parts },
    }));
  return out as GenerateContentResponse;
}
