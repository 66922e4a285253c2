import { createGatewayClient, type GatewayClient } from "@feedgate/gateway-client";
import { createResilientFetch, type Logger, type LogFields } from "@feedgate/kit";
import { createFeedKit, type FeedKit } from "@feedgate/kit/feed";
import { feedUrlOf, gatewayOf } from "../cli/config.js";
import type { CommandContext } from "../cli/context.js";
import { USER_AGENT } from "../version.js";

/**
 * The kit's logger. An `interval_raised` record (the service's cache lifetime or the floor
 * lengthened the interval the user asked for) is always said, once, on stderr; everything else
 * (one line per attempt, retry and wait) only with `--verbose`. The kit never puts headers,
 * bodies or credentials in its records, and the Output redacts the key from every line anyway.
 */
export function cliLogger(ctx: CommandContext): { logger: Logger; logLevel: "debug" | "info" } {
  const verbose = ctx.globals.verbose === true;
  const line = (message: string, fields: LogFields) => {
    if (fields.event === "interval_raised") ctx.out.note(`feedgate: ${message}`);
    else if (!verbose) return;
    else if (fields.event === "request") ctx.out.verbose(`${fields.method ?? "GET"} ${fields.url ?? ""}${fields.attempt && fields.attempt > 1 ? ` (attempt ${fields.attempt})` : ""}`);
    else ctx.out.verbose(message);
  };
  return { logger: { debug: line, info: line, warn: line, error: line }, logLevel: verbose ? "debug" : "info" };
}

/** The feed kit of a command: base URL from flags/env/default, retries, an honest User-Agent. */
export function feedKitOf(ctx: CommandContext): FeedKit {
  return createFeedKit({ baseUrl: feedUrlOf(ctx.globals, ctx.env), userAgent: USER_AGENT, ...cliLogger(ctx) });
}

/** The gateway client of a command, on the kit's resilient transport; a missing URL or key is a usage error, before any request. */
export function gatewayClientOf(ctx: CommandContext): GatewayClient {
  const { url, apiKey } = gatewayOf(ctx.globals, ctx.env);
  ctx.out.addSecret(apiKey);
  return createGatewayClient({ baseUrl: url, apiKey, headers: { "User-Agent": USER_AGENT }, fetch: createResilientFetch(cliLogger(ctx)) });
}
