/**
 * `@feedgate/mcp`: a Model Context Protocol server over the feed kit. `createFeedMcpServer`
 * builds the server (tools, subscribable resources); `serveStdio` and `startMcpHttpServer`
 * serve it; `fileStoreCopy` opens a mirror directory for the offline `search_local` tool.
 * @packageDocumentation
 */

export { cleanText } from "./clean.js";
export { type McpHttpServer, type McpHttpServerOptions, startMcpHttpServer } from "./http.js";
export type { ServerKit } from "./kit.js";
export { MCP_LIMITS } from "./limits.js";
export { fileStoreCopy, type LocalCopy } from "./local.js";
export { createFeedMcpServer, type FeedMcpServerOptions } from "./server.js";
export { lineCap, type ServeStdioOptions, serveStdio } from "./stdio.js";
export {
  createResourceWatchers,
  RESOURCE_OPERATIONS,
  type ResourceUri,
  type ResourceWatchers,
  type ResourceWatchersOptions,
} from "./watchers.js";
