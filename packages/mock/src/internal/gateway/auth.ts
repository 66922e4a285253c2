/** The gateway strips a leading `sk-` before looking a key up (middleware/auth.go:294-331). */
export const normaliseKey = (key: string) => key.trim().replace(/^sk-/, "");

/**
 * The key a request presents, read as the gateway's TokenAuth reads it (middleware/auth.go:294-331):
 * `Authorization: Bearer <key>` on every route; `x-api-key` when the path contains `/v1/messages`
 * or `/v1/models`; on the Gemini paths `?key=`, then `x-goog-api-key`, which wins. A leading `sk-`
 * is stripped. Undefined when the request carries none.
 */
export function presentedKey(
  path: string,
  query: URLSearchParams,
  headers: Record<string, string>,
): string | undefined {
  let presented = /^bearer\s+(.+)$/i.exec(headers["authorization"] ?? "")?.[1];
  if ((path.includes("/v1/messages") || path.includes("/v1/models")) && headers["x-api-key"])
    presented = headers["x-api-key"];
  // The paths on which TokenAuth reads `?key=` and `x-goog-api-key` (middleware/auth.go:314-331).
  if (/^\/v1beta\/(openai\/)?models|^\/v1\/models\//.test(path)) {
    const fromQuery = query.get("key");
    if (fromQuery) presented = fromQuery;
    if (headers["x-goog-api-key"]) presented = headers["x-goog-api-key"];
  }
  return presented === undefined ? undefined : normaliseKey(presented);
}
