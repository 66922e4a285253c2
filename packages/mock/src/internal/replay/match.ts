/** What identifies a request for replay: method, path, query without `key`, body (JSON with sorted keys). */
export function requestKey(method: string, url: URL, body: string): string {
  const query = [...url.searchParams].filter(([name]) => name !== "key").sort();
  let canonical = body;
  try {
    canonical = JSON.stringify(JSON.parse(body), (_, v: unknown) =>
      v && typeof v === "object" && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort())
        : v,
    );
  } catch {}
  return JSON.stringify([method.toUpperCase(), url.pathname, query, canonical]);
}
