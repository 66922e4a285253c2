import { configError } from "../errors.js";

/** The environment variables feedgate reads when an option is omitted. */
export const ENV = {
  /** Base URL of the feed service. Unset: the public service, {@link PUBLIC_FEED_URL}. */
  feedUrl: "FEEDGATE_FEED_URL",
  /** Base URL of the model gateway. No default: unset and no `baseUrl` option is a ConfigError. */
  gatewayUrl: "FEEDGATE_GATEWAY_URL",
  /** The gateway's API key. No default: unset and no `apiKey` option is a ConfigError. */
  apiKey: "FEEDGATE_API_KEY",
} as const;

/**
 * The other `FEEDGATE_*` variables: the CLI's, the MCP server's and the PostgreSQL store's
 * (a table of its own, so that no client bundle carries names only they read).
 */
export const TOOL_ENV = {
  /** The store: a directory, or a PostgreSQL URL (the store's and the fleet's `url`). */
  store: "FEEDGATE_STORE",
  /** A URL that reaches PostgreSQL itself, not through a transaction-mode pooler (`directUrl`). */
  storeDirect: "FEEDGATE_STORE_DIRECT",
  /** The model of `feedgate respond`, `generate` and `tokens` when `--model` is not given. */
  model: "FEEDGATE_MODEL",
  /** The model of `feedgate image` when `--model` is not given. */
  imageModel: "FEEDGATE_IMAGE_MODEL",
  /** The bearer token `feedgate mcp --http` requires of its clients. */
  mcpToken: "FEEDGATE_MCP_TOKEN",
  /** `1` / `0`: stdout is (not) a terminal, whatever is detected. */
  tty: "FEEDGATE_TTY",
} as const;

/** The feed service's public origin, the default base URL of the feed client. */
export const PUBLIC_FEED_URL = "https://aihot.virxact.com";

/**
 * An environment variable, where the runtime has a process environment (Node, Bun, Deno with
 * `--allow-env`); `undefined` in browsers and wherever reading is not allowed. Empty counts as unset.
 */
export function readEnv(name: string): string | undefined {
  const g = globalThis as {
    process?: { env?: Record<string, string | undefined> };
    Deno?: { env?: { get(name: string): string | undefined } };
  };
  let value: string | undefined;
  try {
    value = g.Deno?.env ? g.Deno.env.get(name) : g.process?.env?.[name];
  } catch {
    // Deno without --allow-env throws: that is the same as unset.
  }
  return value?.trim() || undefined;
}

/** A setting's value and the name a bad value is reported under. */
export interface Setting {
  /** The option's value, else the variable's, else undefined. */
  value: string | undefined;
  /** The option's name, or the variable's when the value came from it. */
  name: string;
}

/**
 * A setting from its option, else its environment variable, with the name a bad value is
 * reported under: the option's, or the variable's when the value came from there. With `what`
 * (a setting that has no safe default), neither is a ConfigError naming both.
 */
export function settingOf(
  value: string | undefined,
  option: string,
  variable: string,
  what?: string,
): Setting {
  const fromEnv = value === undefined ? readEnv(variable) : undefined;
  if ((value ?? fromEnv) === undefined && what !== undefined)
    throw configError(option, `required: pass ${option} or set ${variable} (${what})`);
  return fromEnv === undefined ? { value, name: option } : { value: fromEnv, name: variable };
}

/** The option if given, else its environment variable, else a ConfigError that names both. */
export function requireSetting(
  value: string | undefined,
  option: string,
  variable: string,
  what: string,
): string {
  return settingOf(value, option, variable, what).value!;
}
