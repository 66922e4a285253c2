/** The error bodies the gateway really sends, told apart by shape. */
export type GatewayEnvelope =
  /** OpenAI-style, also on the Gemini routes; the gateway's middleware omits `param`. */
  | { kind: "openai"; error: { message: string; type?: string; param?: string | null; code?: string | number | null } }
  /** Google-style. */
  | { kind: "google"; error: { code: number; message: string; status?: string; details?: unknown[] } }
  /** Anthropic-style. */
  | { kind: "anthropic"; error: { type: string; message: string }; request_id?: string }
  /** The image task routes. */
  | { kind: "task"; code: string; message: string; data?: unknown }
  /** No body at all (some 429s). */
  | { kind: "empty" }
  /** A body that is none of the above (an HTML error page, plain text). */
  | { kind: "text"; text: string };

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Classifies an error body (already read as text). */
export function parseEnvelope(text: string): GatewayEnvelope {
  if (text.trim() === "") return { kind: "empty" };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: a text envelope below
  }
  let kind: GatewayEnvelope["kind"] | undefined;
  if (isObject(body)) {
    const error = body["error"];
    if (isObject(error) && typeof error["message"] === "string") {
      kind =
        body["type"] === "error"
          ? "anthropic"
          : typeof error["code"] === "number" && typeof error["status"] === "string"
            ? "google"
            : "openai";
    } else if (typeof body["code"] === "string" && typeof body["message"] === "string") {
      kind = "task";
    }
  }
  return kind ? ({ ...(body as object), kind } as GatewayEnvelope) : { kind: "text", text: text.slice(0, 500) };
}

/** The envelope's machine-readable code, and a message for humans. */
export function describeEnvelope(envelope: GatewayEnvelope, status: number): { code: string; message: string } {
  const http = `http_${status}`;
  switch (envelope.kind) {
    case "openai": {
      const { code, type, message } = envelope.error;
      return { code: code !== null && code !== undefined && code !== "" ? String(code) : (type ?? http), message };
    }
    case "google":
      return { code: envelope.error.status ?? String(envelope.error.code), message: envelope.error.message };
    case "anthropic":
      return { code: envelope.error.type, message: envelope.error.message };
    case "task":
      return envelope;
    default:
      return { code: http, message: `HTTP ${status}${envelope.kind === "empty" ? " with an empty body" : `: ${envelope.text.slice(0, 200)}`}` };
  }
}
