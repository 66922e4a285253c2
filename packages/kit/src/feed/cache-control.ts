/**
 * How long an answer stays fresh, from its `Cache-Control`: `s-maxage` (what shared caches,
 * and so the service's CDN, go by), else `max-age`. Undefined when neither is given.
 */
export function freshnessMs(cacheControl: string | undefined): number | undefined {
  if (cacheControl === undefined) return undefined;
  const directives = new Map<string, string>();
  for (const part of cacheControl.split(",")) {
    const [name, value = ""] = part.trim().split("=", 2) as [string, string?];
    if (name !== "") directives.set(name.toLowerCase(), value.replace(/^"|"$/g, ""));
  }
  for (const name of ["s-maxage", "max-age"]) {
    const value = directives.get(name);
    if (value !== undefined && /^\d+$/.test(value)) return Number(value) * 1000;
  }
  return undefined;
}
