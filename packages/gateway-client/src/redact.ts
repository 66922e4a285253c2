/**
 * Replaces every echo of the API key (with or without its `sk-` prefix, raw or as it appears
 * escaped inside a JSON string) in a string. Redact before any truncation: a cut can split the
 * key and leave a prefix no later pass recognises. Keys shorter than 4 characters are refused by
 * the client's configuration, so every key is long enough to be matched here.
 */
export function redact(text: string, apiKey: string): string {
  let out = text;
  const bare = apiKey.startsWith("sk-") ? apiKey.slice(3) : apiKey;
  for (const secret of new Set([apiKey, bare, JSON.stringify(apiKey).slice(1, -1), JSON.stringify(bare).slice(1, -1)])) {
    if (secret.length >= 4) out = out.split(secret).join("[redacted]");
  }
  return out;
}

/** Deep copy of a parsed JSON value with every string, property names included, redacted. */
export function redactJson<T>(value: T, apiKey: string): T {
  if (typeof value === "string") return redact(value, apiKey) as T;
  if (Array.isArray(value)) return value.map((v) => redactJson(v, apiKey)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k, apiKey), redactJson(v, apiKey)])) as T;
  }
  return value;
}

/** `message`, with ` (request id: X)` added unless the message already names that id. */
export function withRequestId(message: string, requestId: string | undefined): string {
  return requestId === undefined || requestId === "" || message.includes(requestId) ? message : `${message} (request id: ${requestId})`;
}
