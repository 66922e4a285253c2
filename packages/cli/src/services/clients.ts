import type { LogFields, Logger } from "@feedgate/kit";
import { createFeedKit, type FeedKit } from "@feedgate/kit/feed";
import { feedUrlOf } from "../cli/config.js";
import type { CommandContext } from "../cli/context.js";
import { USER_AGENT } from "../version.js";

/**
 * The kit's logger (and the gateway transport's). An `interval_raised` record (the service's cache lifetime or the floor
 * lengthened the interval the user asked for) is always said, once, on stderr; everything else
 * (one line per attempt, retry and wait) only with `--verbose`. The kit never puts headers,
 * bodies or credentials in its records, and the Output redacts the key from every line anyway.
 */
export function cliLogger(ctx: CommandContext): { logger: Logger; logLevel: "debug" | "info" } {
  const verbose = ctx.globals.verbose === true;
  const line = (message: string, fields: LogFields) => {
    if (fields.event === "interval_raised") ctx.out.note(`feedgate: ${message}`);
    else if (!verbose) return;
    else if (fields.event === "request")
      ctx.out.verbose(
        `${fields.method ?? "GET"} ${fields.url ?? ""}${fields.attempt && fields.attempt > 1 ? ` (attempt ${fields.attempt})` : ""}`,
      );
    else ctx.out.verbose(message);
  };
  return {
    logger: { debug: line, info: line, warn: line, error: line },
    logLevel: verbose ? "debug" : "info",
  };
}

/** The feed kit of a command (feed commands load nothing of the gateway client): base URL from flags/env/default, retries, an honest User-Agent. */
export function feedKitOf(ctx: CommandContext): FeedKit {
  return createFeedKit({
    baseUrl: feedUrlOf(ctx.globals, ctx.env),
    userAgent: USER_AGENT,
    ...cliLogger(ctx),
  });
}
