import { ENV, PUBLIC_FEED_URL, TOOL_ENV } from "@feedgate/core/env";
import { UsageError } from "./errors.js";

/** The feed's base URL when neither `--feed-url` nor `FEEDGATE_FEED_URL` is given: the public service. */
export const DEFAULT_FEED_URL = PUBLIC_FEED_URL;

/** Every public origin of the feed service (`https://aihot.news` serves the same API). */
const FEED_ORIGINS = [PUBLIC_FEED_URL, "https://aihot.news"];

/** Every environment variable the CLI reads: the clients' and the tools' (core's `ENV`, `TOOL_ENV`). */
export const CLI_ENV = { ...ENV, ...TOOL_ENV } as const;

/** Default model of `feedgate respond`, when neither `--model` nor `FEEDGATE_MODEL` is given. */
export const DEFAULT_MODEL = "gpt-5.2";

/** Default model of `feedgate image`, when neither `--model` nor `FEEDGATE_IMAGE_MODEL` is given. */
export const DEFAULT_IMAGE_MODEL = "Nano-Banana2";

/** How long one call of `feedgate check --live` may take, in seconds, without `--timeout`. */
export const CHECK_TIMEOUT_SECONDS = 20;

/** The options every command accepts (defined once on the program). */
export interface GlobalOptions {
  feedUrl?: string;
  gatewayUrl?: string;
  apiKey?: string;
  verbose?: boolean;
  /** False with `--no-color`. */
  color?: boolean;
}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== "" ? value.trim() : undefined;
}

/** The feed service's base URL: `--feed-url`, then `FEEDGATE_FEED_URL`, then the public service. */
export function feedUrlOf(options: GlobalOptions, env: Env): string {
  return nonEmpty(options.feedUrl) ?? nonEmpty(env[ENV.feedUrl]) ?? DEFAULT_FEED_URL;
}

/** The gateway key if one is configured (`--api-key`, then `FEEDGATE_API_KEY`); never printed. */
export function apiKeyOf(options: GlobalOptions, env: Env): string | undefined {
  return nonEmpty(options.apiKey) ?? nonEmpty(env[ENV.apiKey]);
}

/**
 * The gateway's base URL and key. There is no default gateway: without both, gateway commands
 * stop with a usage error that says how to set them, before any request.
 */
export function gatewayOf(options: GlobalOptions, env: Env): { url: string; apiKey: string } {
  const url = nonEmpty(options.gatewayUrl) ?? nonEmpty(env[ENV.gatewayUrl]);
  const apiKey = apiKeyOf(options, env);
  if (url === undefined) {
    throw new UsageError(
      "no gateway URL configured",
      "set FEEDGATE_GATEWAY_URL (or pass --gateway-url), e.g. https://omnirouters.com; `feedgate mock gateway` runs a local one",
    );
  }
  const feed = feedUrlOf(options, env);
  if ([feed, ...FEED_ORIGINS].some((origin) => sameOrigin(url, origin))) {
    throw new UsageError(
      `the gateway URL ${url} is the feed service, not a model gateway`,
      "set FEEDGATE_GATEWAY_URL (or --gateway-url) to the gateway's origin; the feed is FEEDGATE_FEED_URL and needs no key",
    );
  }
  if (apiKey === undefined) {
    throw new UsageError(
      "no gateway API key configured",
      "set FEEDGATE_API_KEY (preferred: flags show up in process lists) or pass --api-key",
    );
  }
  return { url, apiKey };
}

/** The model of a gateway command: the flag, then the environment variable, then the documented default. */
export function modelOf(flag: string | undefined, env: Env, image = false): string {
  const [variable, fallback] = image
    ? [CLI_ENV.imageModel, DEFAULT_IMAGE_MODEL]
    : [CLI_ENV.model, DEFAULT_MODEL];
  return nonEmpty(flag) ?? nonEmpty(env[variable]) ?? fallback;
}

const sameOrigin = (a: string, b: string) =>
  URL.canParse(a) && URL.canParse(b) && new URL(a).origin === new URL(b).origin;
