/**
 * Replaces every echo of the API key (with or without its `sk-` prefix, raw or as it appears
 * escaped inside a JSON string) in a string. Redact before any truncation: a cut can split the
 * key and leave a prefix no later pass recognises. Keys shorter than 4 characters are refused by
 * the client's configuration, so every key is long enough to be matched here.
 */
export function redact(text: string, apiKey: string): string {
  let out = text;
  const bare = apiKey.startsWith("sk-") ? apiKey.slice(3) : apiKey;
  for (const secret of new Set([
    apiKey,
    bare,
    JSON.stringify(apiKey).slice(1, -1),
    JSON.stringify(bare).slice(1, -1),
  ])) {
    if (secret.length >= 4) out = out.split(secret).join("[redacted]");
  }
  return out;
}
