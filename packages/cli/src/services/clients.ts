import { createGatewayClient, type GatewayClient } from "@feedgate/gateway-client";
import { createResilientFetch, type Logger, type LogFields } from "@feedgate/kit";
import { createFeedKit, type FeedKit } from "@feedgate/kit/feed";
import { feedUrlOf, gatewayOf } from "../cli/config.js";
import type { CommandContext } from "../cli/context.js";
import { USER_AGENT } from "../version.js";

/**
 * The kit's logger, shown with `--verbose`: one line per attempt, retry and wait. The kit
 * never puts headers, bodies or credentials in its records, and the Output redacts the key
 * from every line in any case.
 */
function verboseLogger(ctx: CommandContext): Logger | undefined {
  if (ctx.globals.verbose !== true) return undefined;
  const line = (message: string, fields: LogFields) => {
    if (fields.event === "request") ctx.out.verbose(`${fields.method ?? "GET"} ${fields.url ?? ""}${fields.attempt && fields.attempt > 1 ? ` (attempt ${fields.attempt})` : ""}`);
    else ctx.out.verbose(message);
  };
  return { debug: line, info: line, warn: line, error: line };
}

/** The feed kit of a command: base URL from flags/env/default, retries, an honest User-Agent. */
export function feedKitOf(ctx: CommandContext): FeedKit {
  const logger = verboseLogger(ctx);
  return createFeedKit({
    baseUrl: feedUrlOf(ctx.globals, ctx.env),
    userAgent: USER_AGENT,
    ...(logger ? { logger, logLevel: "debug" as const } : {}),
  });
}

/** The gateway client of a command, on the kit's resilient transport; a missing URL or key is a usage error, before any request. */
export function gatewayClientOf(ctx: CommandContext): GatewayClient {
  const { url, apiKey } = gatewayOf(ctx.globals, ctx.env);
  ctx.out.addSecret(apiKey);
  const logger = verboseLogger(ctx);
  return createGatewayClient({
    baseUrl: url,
    apiKey,
    headers: { "User-Agent": USER_AGENT },
    fetch: createResilientFetch(logger ? { logger, logLevel: "debug" } : {}),
  });
}
