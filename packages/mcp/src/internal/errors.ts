import { type FeedgateError, isFeedgateError } from "@feedgate/kit";
import { clip } from "./clean.js";

/** What a failed tool call returns: a result with `isError`, never a thrown protocol error. */
export interface ErrorResult {
  [key: string]: unknown;
  /** One text block: the error's one-line message, then a hint. */
  content: Array<{ type: "text"; text: string }>;
  /** Always true. */
  isError: true;
}

/** What to try next, by kind of failure. */
function hintOf(error: FeedgateError): string {
  switch (error.kind) {
    case "invalid_request":
      return error.param
        ? `fix the argument "${error.param}" and call again`
        : "fix the arguments and call again";
    case "not_found":
      return "the story or report may not exist, or the story layer may be unavailable for a while: check the id or date (list what exists with search_items, hot_topics or daily_report), or try again later";
    case "invalid_cursor":
      return "the cursor expired; call again without it";
    case "rate_limited":
    case "retry_too_long":
    case "unavailable":
    case "server":
    case "network":
    case "timeout":
      return "the feed service is busy or unreachable (retries were made); try again later";
    case "response_too_large":
    case "invalid_response":
    case "redirect":
      return "the feed service answered something this server refuses to use; try again later or another id";
    default:
      return "try again later";
  }
}

const MAX_MESSAGE = 500;

/** A failure as a tool result: the typed error's message and a hint, one line each, cleaned and capped. */
export function errorResult(error: unknown): ErrorResult {
  const line = (text: string) => clip(text, MAX_MESSAGE) ?? "";
  let text: string;
  if (isFeedgateError(error)) {
    // The kit's messages about an answer already start with its status and code.
    const prefix = error.message.startsWith("HTTP ")
      ? ""
      : `${error.status === undefined ? "" : `HTTP ${error.status} `}${error.code ? `${error.code}: ` : ""}`;
    text = `${line(`${error.name}: ${prefix}${error.message}`)}\nhint: ${line(hintOf(error))}`;
  } else {
    text = `${line(error instanceof Error ? `${error.name}: ${error.message}` : String(error))}\nhint: try again; report it if it persists`;
  }
  return { content: [{ type: "text", text }], isError: true };
}
