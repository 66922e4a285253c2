import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ServerKit } from "./kit.js";
import type { LocalCopy } from "./local.js";
import { registerLocalTool } from "./local.js";
import { registerResources } from "./resources.js";
import { registerFeedTools } from "./tools.js";
import { VERSION } from "./version.js";
import { createResourceWatchers, type ResourceWatchers } from "./watchers.js";

/** Options of {@link createFeedMcpServer}. */
export interface FeedMcpServerOptions {
  /** The feed kit every call goes through (`createFeedKit` of `@feedgate/kit/feed`): validation, retries, bounded bodies, merge-following. Required. */
  kit: ServerKit;
  /** A local copy of the selected set: adds the offline `search_local` tool. Default: none (no `search_local`). */
  store?: LocalCopy | undefined;
  /**
   * The resource watchers, to share them between the sessions of one HTTP server. Default: this
   * server's own, stopped when it closes.
   */
  watchers?: ResourceWatchers | undefined;
  /** The server's name in `initialize`. Default: `"feedgate"`. */
  name?: string | undefined;
  /** The server's version in `initialize`. Default: this package's version. */
  version?: string | undefined;
}

/**
 * An MCP server over the feed kit: the tools `search_items`, `hot_topics`, `get_story`,
 * `daily_report`, `reset_calendar` (and `search_local` with a `store`), and the subscribable
 * resources `feedgate://hot-topics`, `feedgate://daily/latest`, `feedgate://resets/recent`.
 * Connect it to an MCP channel (the SDK's `server.connect(…)` with one of its transports, or
 * {@link serveStdio}, or {@link startMcpHttpServer}); one server serves one session.
 */
export function createFeedMcpServer(options: FeedMcpServerOptions): McpServer {
  const { kit, store, name = "feedgate", version = VERSION } = options;
  const server = new McpServer(
    { name, version },
    {
      instructions:
        "AI news from the feedgate feed service: hot_topics for what matters now, search_items to search, get_story for an event's reports (pass a storyId), daily_report for the daily digest, reset_calendar for Codex usage resets." +
        (store ? " search_local searches a local mirror offline." : ""),
    },
  );
  const watchers = options.watchers ?? createResourceWatchers(kit);
  registerFeedTools(server, kit);
  if (store) registerLocalTool(server, store);
  registerResources(server, kit, watchers);
  if (!options.watchers) {
    const closed = server.server.onclose;
    server.server.onclose = () => {
      closed?.();
      watchers.close();
    };
  }
  return server;
}
