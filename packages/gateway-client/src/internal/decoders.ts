import { gatewayError } from "./answer-errors.js";
import {
  describeEnvelope,
  type GatewayEnvelope,
  isObject,
  parseEnvelope,
  withoutRequestId,
} from "./envelope.js";
import { type Decoder, END, type TerminalWatch } from "./sse.js";

/**
 * The decoder of both streaming routes. Each `data:` must be a JSON object; `data: [DONE]`
 * (a Chat Completions habit some relays keep) ends the stream.
 *
 * - OpenAI Responses framing (`gemini` false): `event: <type>` + `data: <json>`, dispatched on
 *   the payload's `type`. An `error` event, or any payload with an `error` object outside a
 *   response snapshot, throws.
 * - Gemini `alt=sse` framing (`gemini` true): every `data:` is one GenerateContentResponse
 *   chunk; one with an `error` object throws, with the envelope parsed like an error body.
 */
export function decoder<T>(
  gemini: boolean,
  redact: (t: string) => string,
  status: number,
  requestId: string | undefined,
): Decoder<T> {
  return ({ data, event }) => {
    if (data === "[DONE]") return END;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      // not JSON: refused below
    }
    if (!isObject(payload)) {
      throw gatewayError(
        "stream",
        "malformed_event",
        `the stream carried an event that is not a JSON object: ${redact(data).slice(0, 120)}`,
        status,
        requestId,
      );
    }
    const error = payload["error"];
    const hasError = typeof error === "object" && error !== null;
    if (
      gemini
        ? hasError
        : event === "error" ||
          payload["type"] === "error" ||
          (payload["type"] === undefined && hasError)
    ) {
      let envelope: GatewayEnvelope;
      let code: unknown;
      let text: unknown;
      if (gemini) {
        envelope = parseEnvelope(redact(data));
        ({ code, message: text } = describeEnvelope(envelope, status));
        code = redact(code as string);
      } else {
        const inner = (error ?? payload) as Record<string, unknown>;
        code = inner["code"] ?? inner["type"];
        code = typeof code === "string" && code !== "" ? redact(code) : "stream_error";
        text = inner["message"] ?? "no message";
        envelope = {
          kind: "openai",
          error: JSON.parse(redact(JSON.stringify(inner))) as { message: string },
        };
      }
      // Without the gateway's " (request id: …)": the id is the error's `requestId`.
      throw gatewayError(
        "stream",
        code as string,
        redact(`the gateway reported an error mid-stream: ${withoutRequestId(String(text))}`),
        status,
        requestId,
        envelope,
      );
    }
    return payload as T;
  };
}

/** The terminal events of a Responses stream: `response.completed`, `response.failed` or `response.incomplete`. */
export function responsesTerminal<T>(): TerminalWatch<T> {
  let complete = false;
  return {
    see: (event) => {
      const type = (event as { type?: unknown }).type;
      complete ||=
        type === "response.completed" ||
        type === "response.failed" ||
        type === "response.incomplete";
    },
    get complete() {
      return complete;
    },
  };
}

/**
 * A Gemini stream is complete when the last chunk carrying each candidate gave it a `finishReason`,
 * or when a chunk blocked the prompt (`promptFeedback.blockReason`, no candidates: the gateway closes after it).
 */
export function geminiTerminal<T>(): TerminalWatch<T> {
  const finished = new Map<number, boolean>();
  return {
    see: (chunk) => {
      const { candidates, promptFeedback } = chunk as {
        candidates?: Array<{ index?: number; finishReason?: unknown }>;
        promptFeedback?: { blockReason?: unknown };
      };
      if (promptFeedback?.blockReason) finished.set(-1, true);
      for (const candidate of candidates ?? []) {
        finished.set(
          candidate.index ?? 0,
          typeof candidate.finishReason === "string" && candidate.finishReason !== "",
        );
      }
    },
    get complete() {
      return finished.size > 0 && [...finished.values()].every(Boolean);
    },
  };
}
