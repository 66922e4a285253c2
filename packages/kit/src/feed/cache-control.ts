/**
 * How long an answer stays fresh, from its `Cache-Control`: `s-maxage` (what shared caches,
 * and so the service's CDN, go by), else `max-age`. Undefined when neither is given.
 */
export function freshnessMs(cacheControl: string | undefined): number | undefined {
  const seconds = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*=\\s*"?(\\d+)"?\\s*(?:,|$)`, "i").exec(cacheControl ?? "")?.[1];
  const value = seconds("s-maxage") ?? seconds("max-age");
  return value === undefined ? undefined : Number(value) * 1000;
}
