import { createFeedKit, type FeedKit, type FeedKitOptions } from "@feedgate/kit/feed";
import { USER_AGENT } from "../version.js";
import { feedUrlOf } from "./config.js";
import { cliLogger } from "./logger.js";
import type { CommandContext } from "./runner.js";

/** The feed kit of a command (feed commands load nothing of the gateway client): base URL from flags/env/default, retries, an honest User-Agent. */
export function feedKitOf(ctx: CommandContext, options?: Partial<FeedKitOptions>): FeedKit {
  return createFeedKit({
    baseUrl: feedUrlOf(ctx.globals, ctx.env),
    userAgent: USER_AGENT,
    ...cliLogger(ctx),
    ...options,
  });
}
