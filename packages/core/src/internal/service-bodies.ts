// The services' error bodies the error family carries (`problem`, `envelope`); each client parses its own.

/** The error bodies the gateway sends, told apart by shape (parsed by `@feedgate/gateway-client`). */
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

/** The feed service's `application/problem+json` body (RFC 9457 members plus its own). */
export interface ProblemDetails {
  /** A URI naming the problem type. */
  type?: string;
  /** A short summary of the problem type. */
  title?: string;
  /** The HTTP status. */
  status?: number;
  /** What went wrong with this request, for people. */
  detail?: string;
  /** The feed service's machine-readable code (e.g. `snapshot_required`). */
  code?: string;
  /** Any other member of the problem document, as sent. */
  [member: string]: unknown;
}
