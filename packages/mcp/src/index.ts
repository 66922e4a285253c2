/**
 * `@feedgate/mcp`: a Model Context Protocol server over the feed kit. `createFeedMcpServer`
 * builds the server (tools, subscribable resources); `serveStdio` and `startMcpHttpServer`
 * serve it; `fileStoreCopy` opens a mirror directory for the offline `search_local` tool.
 * @packageDocumentation
 */
export { createFeedMcpServer, type FeedMcpServerOptions } from "./server.js";
export type { ServerKit } from "./kit.js";
export { serveStdio, lineCap, type ServeStdioOptions } from "./stdio.js";
export { startMcpHttpServer, type McpHttpServerOptions, type McpHttpServer } from "./http.js";
export { fileStoreCopy, type LocalCopy } from "./local.js";
export { createResourceWatchers, RESOURCE_OPERATIONS, type ResourceUri, type ResourceWatchers, type ResourceWatchersOptions } from "./watchers.js";
export { MCP_LIMITS } from "./limits.js";
export { cleanText } from "./clean.js";
