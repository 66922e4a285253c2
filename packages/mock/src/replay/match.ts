/** What identifies a request for replay: method, path, query (no credential), body (canonical JSON). */
export function requestKey(method: string, url: URL, body: string): string {
  const query = [...url.searchParams].filter(([name]) => name !== "key").sort();
  return JSON.stringify([method.toUpperCase(), url.pathname, query, canonicalBody(body)]);
}

/** A JSON body with its keys sorted at every level (two spellings of one value match); other text as is. */
function canonicalBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), (_, value: unknown) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
        : value,
    );
  } catch {
    return body;
  }
}
