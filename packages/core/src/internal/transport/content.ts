/** A Content-Type whose media type (parameters aside, any case) matches `types`. */
const isType = (types: RegExp) => (contentType: string | null) =>
  types.test((contentType ?? "").split(";")[0]!.trim());

/** Content types whose bodies are buffered once and replayed on each attempt. */
export const isReplayableBodyType = isType(
  /^(application\/(json|x-www-form-urlencoded)|text\/.*|.*\+json)$/i,
);

/** Answers streamed to the caller as they come (never buffered by the transport). */
export const isStreamedResponse = isType(
  /^(text\/event-stream|application\/(x-ndjson|octet-stream))$/i,
);

/** A 2xx HTML page (`contentType` is the answer's) where JSON was asked for: a proxy or captive portal answered, not the service. */
export function isForeignHtml(
  request: Request,
  status: number,
  contentType: string | null,
): boolean {
  if (status < 200 || status > 299 || !/text\/html/i.test(contentType ?? "")) return false;
  const accept = request.headers.get("accept") ?? "*/*";
  return !/text\/html|\*\/\*/i.test(accept);
}
