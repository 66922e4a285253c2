/**
 * Replaces every echo of the API key (with or without its `sk-` prefix) in a string.
 * Errors pass gateway messages through this, in case an upstream quotes the key back.
 */
export function redact(text: string, apiKey: string): string {
  let out = text;
  const bare = apiKey.startsWith("sk-") ? apiKey.slice(3) : apiKey;
  for (const secret of [apiKey, bare]) {
    if (secret.length >= 4) out = out.split(secret).join("[redacted]");
  }
  return out;
}

/** Deep copy of a parsed JSON value with every string redacted, property names included. */
export function redactJson<T>(value: T, apiKey: string): T {
  if (typeof value === "string") return redact(value, apiKey) as T;
  if (Array.isArray(value)) return value.map((v) => redactJson(v, apiKey)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k, apiKey), redactJson(v, apiKey)])) as T;
  }
  return value;
}
