/** What a route handler answers; the server core writes it (and may damage it, for faults). */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** The whole body: text (sent as UTF-8) or bytes (e.g. an image). Absent for 204/304/308. */
  body?: string | Uint8Array | undefined;
  /** A streamed body (server-sent events): written chunk by chunk. */
  stream?: StreamBody | undefined;
  /** Written as given (a recorded answer): no headers of the fake's own added. Default false. */
  verbatim?: boolean | undefined;
}

export interface StreamBody {
  /** Chunks written in order, each flushed on its own. */
  chunks: string[];
  /** Stop after this many chunks and keep the socket open (a stalled stream). Default: never stall. */
  stallAfter?: number | undefined;
  /** Milliseconds to wait before each chunk (a recorded pace). Default: none. */
  delays?: number[] | undefined;
}

export function jsonReply(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
  contentType = "application/json; charset=utf-8",
): Reply {
  return {
    status,
    headers: { "content-type": contentType, ...headers },
    body: JSON.stringify(value),
  };
}

/** The HTML page of the `non-json` fault: what a proxy's error page looks like to a JSON client. */
export function htmlReply(status: number): Reply {
  return {
    status,
    headers: { "content-type": "text/html; charset=utf-8" },
    body: `<!DOCTYPE html>\n<html><head><title>${status} Bad Gateway</title></head><body><h1>Upstream error</h1><p>This page is not JSON.</p></body></html>\n`,
  };
}

/** A body (or token) that is a JSON object, else undefined. */
export function parseJsonBody(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
