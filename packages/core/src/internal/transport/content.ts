/** The media type of a Content-Type header, lower-cased, without parameters. */
const mediaType = (contentType: string | null) =>
  (contentType ?? "").split(";")[0]!.trim().toLowerCase();

/** Content types whose bodies are buffered once and replayed on each attempt. */
export function isReplayableBodyType(contentType: string | null): boolean {
  const type = mediaType(contentType);
  return (
    type === "application/json" ||
    type.endsWith("+json") ||
    type.startsWith("text/") ||
    type === "application/x-www-form-urlencoded"
  );
}

/** Answers streamed to the caller as they come (never buffered by the transport). */
export function isStreamedResponse(contentType: string | null): boolean {
  return ["text/event-stream", "application/x-ndjson", "application/octet-stream"].includes(
    mediaType(contentType),
  );
}

/** A 2xx HTML page (`contentType` is the answer's) where JSON was asked for: a proxy or captive portal answered, not the service. */
export function isForeignHtml(
  request: Request,
  status: number,
  contentType: string | null,
): boolean {
  if (status < 200 || status > 299 || !contentType?.toLowerCase().includes("text/html"))
    return false;
  const accept = request.headers.get("accept")?.toLowerCase() ?? "*/*";
  return !accept.includes("text/html") && !accept.includes("*/*");
}
