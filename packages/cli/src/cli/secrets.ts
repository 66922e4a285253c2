/**
 * The API key as given on the command line or in the environment, found before parsing so
 * that even commander's own error messages pass through the redaction filter.
 */
export function secretsIn(argv: readonly string[], env: Record<string, string | undefined>): string[] {
  const found: string[] = [];
  const fromEnv = env["FEEDGATE_API_KEY"]?.trim();
  if (fromEnv) found.push(fromEnv);
  argv.forEach((arg, i) => {
    if (arg === "--api-key" && i + 1 < argv.length) found.push(argv[i + 1]!.trim());
    else if (arg.startsWith("--api-key=")) found.push(arg.slice("--api-key=".length).trim());
  });
  return found.filter((s) => s.length > 0);
}
