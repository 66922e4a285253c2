/**
 * Credentials, in one place: the headers that carry them, the values a request carries, and the
 * one function that removes them from text. Every package redacts through {@link redact}.
 */

/** Every header that can carry a credential, lower case and sorted (as `Headers` iterates its names). */
export const CREDENTIAL_HEADERS: readonly string[] = [
  "api-key",
  "authorization",
  "cookie",
  "proxy-authorization",
  "x-api-key",
  "x-goog-api-key",
];

/**
 * The forms a secret can take in text: itself, without a bearer scheme, without an `sk-` prefix,
 * and each of those as it appears escaped inside a JSON string. Longest first, so a prefix of a
 * secret is never replaced before the secret itself.
 */
export function secretForms(value: string): string[] {
  const bare = [value, ...(/^\s*\w+\s+(.+)$/.exec(value)?.slice(1) ?? [])];
  for (const key of [...bare]) if (key.startsWith("sk-")) bare.push(key.slice(3));
  const forms = new Set(bare.flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]));
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Every form of every credential value a request carries. */
export function secretsOf(headers: Headers): string[] {
  return CREDENTIAL_HEADERS.flatMap((name) => {
    const value = headers.get(name);
    return value ? secretForms(value) : [];
  }).sort((a, b) => b.length - a.length);
}

/**
 * Replaces each secret (of at least 4 characters) found in `text` with `[redacted]`. Redact
 * before any truncation: a cut can split a secret and leave a prefix no later pass recognises.
 */
export function redact(text: string, secrets: readonly string[]): string {
  for (const secret of secrets)
    if (secret.length >= 4) text = text.split(secret).join("[redacted]");
  return text;
}
