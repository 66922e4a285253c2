import { CLI_ENV } from "./config.js";

/** The password of a postgres:// URL, in the forms an output might carry it. */
function urlPasswords(value: string | undefined): string[] {
  if (!value || !/^postgres(ql)?:\/\//i.test(value.trim())) return [];
  try {
    const password = new URL(value.trim()).password;
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}

/**
 * The API key and a store URL's password as given on the command line or in the environment,
 * found before parsing so that even commander's own error messages pass through the redaction
 * filter.
 */
export function secretsIn(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): string[] {
  const found: string[] = [];
  const fromEnv = env[CLI_ENV.apiKey]?.trim();
  if (fromEnv) found.push(fromEnv);
  found.push(...urlPasswords(env[CLI_ENV.store]));
  argv.forEach((arg, i) => {
    // A URL given as an argument (mirror's [dir]) or to --store.
    found.push(...urlPasswords(arg.startsWith("--store=") ? arg.slice("--store=".length) : arg));
    if (arg === "--api-key" && i + 1 < argv.length) found.push(argv[i + 1]!.trim());
    else if (arg.startsWith("--api-key=")) found.push(arg.slice("--api-key=".length).trim());
  });
  return found.filter((s) => s.length > 0);
}
