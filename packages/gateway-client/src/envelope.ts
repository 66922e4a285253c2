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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Classifies an error body (already read as text). */
export function parseEnvelope(text: string): GatewayEnvelope {
  if (text.trim() === "") return { kind: "empty" };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: "text", text: text.slice(0, 500) };
  }
  if (!isObject(body)) return { kind: "text", text: text.slice(0, 500) };
  const error = body["error"];
  if (body["type"] === "error" && isObject(error) && typeof error["message"] === "string") {
    return { ...(body as object), kind: "anthropic" } as GatewayEnvelope;
  }
  if (isObject(error) && typeof error["message"] === "string") {
    if (typeof error["code"] === "number" && typeof error["status"] === "string") {
      return { ...(body as object), kind: "google" } as GatewayEnvelope;
    }
    return { ...(body as object), kind: "openai" } as GatewayEnvelope;
  }
  if (typeof body["code"] === "string" && typeof body["message"] === "string") {
    return { ...(body as object), kind: "task" } as GatewayEnvelope;
  }
  return { kind: "text", text: text.slice(0, 500) };
}

/** The envelope's machine-readable code, and a message for humans. */
export function describeEnvelope(envelope: GatewayEnvelope, status: number): { code: string; message: string } {
  switch (envelope.kind) {
    case "openai": {
      const { code, type, message } = envelope.error;
      return { code: code !== null && code !== undefined && code !== "" ? String(code) : (type ?? `http_${status}`), message };
    }
    case "google":
      return { code: envelope.error.status ?? String(envelope.error.code), message: envelope.error.message };
    case "anthropic":
      return { code: envelope.error.type, message: envelope.error.message };
    case "task":
      return { code: envelope.code, message: envelope.message };
    case "empty":
      return { code: `http_${status}`, message: `HTTP ${status} with an empty body` };
    case "text":
      return { code: `http_${status}`, message: `HTTP ${status}: ${envelope.text.slice(0, 200)}` };
  }
}
