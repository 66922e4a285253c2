/**
 * `@feedgate/mcp`: a Model Context Protocol server over the feed kit. `createFeedMcpServer`
 * builds the server (tools, subscribable resources); `serveStdio` and `startMcpHttpServer`
 * serve it; `fileStoreCopy` opens a mirror directory for the offline `search_local` tool.
 * @packageDocumentation
 */

export { cleanText } from "./internal/clean.js";
export {
  type McpHttpServer,
  type McpHttpServerOptions,
  startMcpHttpServer,
} from "./internal/http.js";
export type { ServerKit } from "./internal/kit.js";
export { MCP_LIMITS } from "./internal/limits.js";
export { fileStoreCopy, type LocalCopy } from "./internal/local.js";
export { createFeedMcpServer, type FeedMcpServerOptions } from "./internal/server.js";
export { lineCap, type ServeStdioOptions, serveStdio } from "./internal/stdio.js";
export {
  createResourceWatchers,
  RESOURCE_OPERATIONS,
  type ResourceUri,
  type ResourceWatchers,
  type ResourceWatchersOptions,
} from "./internal/watchers.js";
