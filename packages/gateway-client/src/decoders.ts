import type { EventSourceMessage } from "eventsource-parser";
import { describeEnvelope, parseEnvelope } from "./envelope.js";
import { GatewayError } from "./errors.js";
import { END, type Decoder } from "./sse.js";

function parseJson(message: EventSourceMessage, redact: (t: string) => string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(message.data);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new GatewayError({
    kind: "stream",
    code: "malformed_event",
    message: `the stream carried an event that is not a JSON object: ${redact(message.data.slice(0, 120))}`,
  });
}

/**
 * OpenAI Responses framing: `event: <type>` + `data: <json>`, dispatched on the payload's
 * `type`. `data: [DONE]` (a Chat Completions habit some relays keep) ends the stream; an
 * `error` event, or any payload with an `error` object outside a response snapshot, throws.
 */
export function responsesDecoder<T>(redact: (t: string) => string, status: number, requestId: string | undefined): Decoder<T> {
  return (message) => {
    if (message.data === "[DONE]") return END;
    const payload = parseJson(message, redact);
    const isErrorEvent = message.event === "error" || payload["type"] === "error";
    const bareError = payload["type"] === undefined && typeof payload["error"] === "object" && payload["error"] !== null;
    if (isErrorEvent || bareError) {
      const inner = (payload["error"] ?? payload) as Record<string, unknown>;
      const code = inner["code"] ?? inner["type"];
      throw new GatewayError({
        kind: "stream",
        status,
        requestId,
        code: typeof code === "string" && code !== "" ? code : "stream_error",
        message: redact(`the gateway reported an error mid-stream: ${String(inner["message"] ?? "no message")}`),
        envelope: { kind: "openai", error: JSON.parse(redact(JSON.stringify(inner))) as { message: string } },
      });
    }
    return payload as T;
  };
}

/** Gemini `alt=sse` framing: every `data:` is one GenerateContentResponse chunk. */
export function generateContentDecoder<T>(redact: (t: string) => string, status: number, requestId: string | undefined): Decoder<T> {
  return (message) => {
    if (message.data === "[DONE]") return END;
    const payload = parseJson(message, redact);
    if (typeof payload["error"] === "object" && payload["error"] !== null) {
      const envelope = parseEnvelope(redact(message.data));
      const { code, message: text } = describeEnvelope(envelope, status);
      throw new GatewayError({ kind: "stream", status, requestId, code, envelope, message: redact(`the gateway reported an error mid-stream: ${text}`) });
    }
    return payload as T;
  };
}
