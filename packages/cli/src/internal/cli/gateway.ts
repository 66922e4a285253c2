import { createGatewayClient, type GatewayClient } from "@feedgate/gateway-client";
import { USER_AGENT } from "../version.js";
import { gatewayOf } from "./config.js";
import { UNDICI_TIMEOUTS, untimedFetch } from "./http.js";
import { cliLogger } from "./logger.js";
import type { CommandContext } from "./runner.js";

/**
 * The gateway client of a command. The CLI passes options, never a transport of its own, so
 * the client keeps its own defaults (600 s per attempt, 330 s stream idle timeout, its retry
 * rules); `fetch` is only how bytes travel: Node's fetch without undici's shorter 300 s timeouts
 * (through the environment's proxy when one is set). A missing URL or key is a usage error,
 * before any request.
 */
export function gatewayClientOf(
  ctx: CommandContext,
  fetch: (request: Request) => Promise<Response> = untimedFetch(UNDICI_TIMEOUTS, ctx.env),
): GatewayClient {
  const { url, apiKey } = gatewayOf(ctx.globals, ctx.env);
  ctx.out.addSecret(apiKey);
  return createGatewayClient({
    baseUrl: url,
    apiKey,
    headers: { "User-Agent": USER_AGENT },
    fetch,
    ...cliLogger(ctx),
  });
}
