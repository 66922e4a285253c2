import { CLI_ENV } from "../cli/config.js";
import { UsageError } from "../cli/errors.js";
import { feedKitOf } from "../cli/feed-kit.js";
import type { Body, CommandContext } from "../cli/runner.js";
import { storeRefOf } from "../cli/store-ref.js";
import type { COMMANDS } from "./index.js";
import { openMirror } from "./mirror-read-run.js";
import type { OptionsOf } from "./spec.js";
import { untilInterrupted } from "./watch-util.js";

type McpOptions = OptionsOf<typeof COMMANDS.mcp>;

/** Largest feed answer the server reads: far above any real page, far below what would hurt. */
const MAX_RESPONSE_BYTES = 8 * 1_048_576;

/**
 * `feedgate mcp`: the MCP server of `@feedgate/mcp` over the feed kit. stdout carries protocol
 * messages only (stdio mode) or nothing (HTTP mode); every note goes to stderr. The MCP SDK is
 * loaded here, on use, so no other command pays for it.
 */
export const runMcp: Body<McpOptions> = async (ctx, options) => {
  const httpOnly = [options.port, options.token, options.allowOrigin];
  if (!options.http && httpOnly.some((value) => value !== undefined))
    throw new UsageError(
      "--port, --token and --allow-origin are for --http",
      "add --http, or drop them for stdio",
    );
  if (options.mirror !== undefined && options.store !== undefined)
    throw new UsageError("give --mirror or --store, not both");
  const mcp = await import("@feedgate/mcp");
  const kit = feedKitOf(ctx, { transport: { maxResponseBytes: MAX_RESPONSE_BYTES } });
  const local = await localCopy(ctx, options, mcp.fileStoreCopy);
  try {
    if (options.http) {
      // Trimmed: `$(cat file)` or an env file may leave a newline or spaces around it.
      const token = (options.token ?? ctx.env[CLI_ENV.mcpToken])?.trim();
      if (token !== undefined) {
        if (token.length < 8)
          throw new UsageError(
            "the token is too short",
            "use at least 8 characters, e.g. $(openssl rand -hex 16)",
          );
        ctx.out.addSecret(token);
      }
      const watchers = mcp.createResourceWatchers(kit);
      const server = await mcp.startMcpHttpServer({
        createServer: () => mcp.createFeedMcpServer({ kit, store: local?.copy, watchers }),
        port: options.port,
        token,
        allowedOrigins: options.allowOrigin,
      });
      ctx.out.note(
        `feedgate mcp: Streamable HTTP at ${server.url}${token ? " (bearer token required)" : ""}; Ctrl-C to stop`,
      );
      try {
        await untilInterrupted(ctx.signal);
      } finally {
        watchers.close();
        await server.close();
      }
    } else {
      const server = mcp.createFeedMcpServer({ kit, store: local?.copy });
      await Promise.race([mcp.serveStdio(server), untilInterrupted(ctx.signal)]);
      await server.close();
    }
  } finally {
    await local?.close();
  }
};

/** The local copy for search_local: a mirror directory (read without its lock), or a fleet's PostgreSQL store. */
async function localCopy(
  ctx: CommandContext,
  options: McpOptions,
  fileStoreCopy: (dir: string) => import("@feedgate/mcp").LocalCopy,
) {
  if (
    options.mirror === undefined &&
    options.store === undefined &&
    options.storeFile === undefined &&
    ctx.env[CLI_ENV.store] === undefined
  )
    return undefined;
  // Over stdio, standard input carries the protocol: it cannot also carry the URL.
  if (options.store === "-" && !options.http)
    throw new UsageError(
      "--store - reads standard input, which carries the protocol over stdio",
      "use --store-file PATH or FEEDGATE_STORE",
    );
  const ref = await storeRefOf(options.mirror, options, ctx.env, ctx.out);
  // Opened now, to fail at once, not at the first search, when it holds no mirror.
  const { shown, store } = await openMirror(ref);
  ctx.out.note(`feedgate mcp: search_local reads ${shown}`);
  // A directory is read again at each search, so that a mirror that follows is seen.
  return { copy: ref.kind === "dir" ? fileStoreCopy(ref.dir) : store, close: () => store.close() };
}
