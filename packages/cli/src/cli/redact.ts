/**
 * Removes secrets from text before it reaches a terminal or a pipe. The API key is also
 * matched without its `sk-` prefix, since gateways echo either form.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    const forms = secret.startsWith("sk-") ? [secret, secret.slice(3)] : [secret];
    for (const form of forms) if (form.length >= 4) out = out.split(form).join("[redacted]");
  }
  return out;
}
