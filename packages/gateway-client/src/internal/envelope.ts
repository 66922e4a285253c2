/** The error bodies the gateway sends, told apart by shape (`parseEnvelope` reads them); `FeedgateError.envelope` carries one. */
export type GatewayEnvelope =
  /** OpenAI-style, also on the Gemini routes; the gateway's middleware omits `param`. */
  | {
      /** OpenAI-style body. */
      kind: "openai";
      /** The body's `error` object. */
      error: {
        /** What went wrong, for people. */
        message: string;
        /** The error type (e.g. `invalid_request_error`). */
        type?: string;
        /** The request parameter at fault, when named. */
        param?: string | null;
        /** The machine-readable code, when given. */
        code?: string | number | null;
      };
    }
  /** Google-style. */
  | {
      /** Google-style body. */
      kind: "google";
      /** The body's `error` object. */
      error: {
        /** The HTTP status as a number. */
        code: number;
        /** What went wrong, for people. */
        message: string;
        /** The status name (e.g. `INVALID_ARGUMENT`). */
        status?: string;
        /** Further detail objects, as sent. */
        details?: unknown[];
      };
    }
  /** Anthropic-style. */
  | {
      /** Anthropic-style body. */
      kind: "anthropic";
      /** The body's `error` object. */
      error: {
        /** The error type (e.g. `overloaded_error`). */
        type: string;
        /** What went wrong, for people. */
        message: string;
      };
      /** The request id the body carries. */
      request_id?: string;
    }
  /** The image task routes. */
  | {
      /** An image task route's body. */
      kind: "task";
      /** The task route's error code. */
      code: string;
      /** What went wrong, for people. */
      message: string;
      /** Extra data, as sent. */
      data?: unknown;
    }
  /** No body at all (some 429s). */
  | {
      /** No body. */
      kind: "empty";
    }
  /** A body that is none of the above (an HTML error page, plain text). */
  | {
      /** A body of no known shape. */
      kind: "text";
      /** The body as text. */
      text: string;
    };

declare module "@feedgate/core/errors" {
  interface ServiceErrorBodies {
    /** The gateway's parsed error body. */
    envelope: GatewayEnvelope;
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Classifies an error body (already read as text). */
export function parseEnvelope(text: string): GatewayEnvelope {
  if (text.trim() === "") return { kind: "empty" };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: a text envelope below
  }
  const kind = isObject(body) && kindOf(body);
  return kind
    ? ({ ...(body as object), kind } as GatewayEnvelope)
    : { kind: "text", text: text.slice(0, 500) };
}

/** The envelope kind a JSON error body has, by its shape; undefined: none known. */
function kindOf(body: Record<string, unknown>): GatewayEnvelope["kind"] | undefined {
  const error = body["error"];
  if (isObject(error) && typeof error["message"] === "string") {
    if (body["type"] === "error") return "anthropic";
    return typeof error["code"] === "number" && typeof error["status"] === "string"
      ? "google"
      : "openai";
  }
  if (typeof body["code"] === "string" && typeof body["message"] === "string") return "task";
  return undefined;
}

/**
 * The HTTP status an envelope names in a numeric `code` (the gateway keeps an upstream's code as a
 * number: `{"type":"upstream_error","code":429}`; Google's own envelope carries one too), or
 * undefined. Read when the envelope arrived inside a 200 stream, whose status says nothing.
 */
export function statusNamed(envelope: GatewayEnvelope): number | undefined {
  const code = (envelope.kind === "openai" || envelope.kind === "google") && envelope.error.code;
  return typeof code === "number" && Number.isInteger(code) && code >= 400 && code <= 599
    ? code
    : undefined;
}

/** The gateway ends its messages with ` (request id: <id>)`: removed, the id is the error's `requestId` field, never part of its message. */
export const withoutRequestId = (text: string) => text.replace(/\s*\(request id: [^)]*\)/g, "");

/** The envelope's machine-readable code, and a message for humans (without the gateway's request id). */
export function describeEnvelope(
  envelope: GatewayEnvelope,
  status: number,
): {
  /** The body's code (else its type or status name), or `http_<status>` when the body has none. */
  code: string;
  /** The body's message for people (or `HTTP <status>…` when there is none), without any request id. */
  message: string;
} {
  const { code, message } = describe(envelope, status);
  return { code, message: withoutRequestId(message) };
}

function describe(envelope: GatewayEnvelope, status: number): { code: string; message: string } {
  const http = `http_${status}`;
  switch (envelope.kind) {
    case "openai": {
      const { code, type, message } = envelope.error;
      return {
        code: code !== null && code !== undefined && code !== "" ? String(code) : (type ?? http),
        message,
      };
    }
    case "google":
      return {
        code: envelope.error.status ?? String(envelope.error.code),
        message: envelope.error.message,
      };
    case "anthropic":
      return { code: envelope.error.type, message: envelope.error.message };
    case "task":
      return envelope;
    default:
      return {
        code: http,
        message: `HTTP ${status}${envelope.kind === "empty" ? " with an empty body" : `: ${envelope.text.slice(0, 200)}`}`,
      };
  }
}
