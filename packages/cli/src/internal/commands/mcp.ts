import type { Body } from "../cli/runner.js";
import { STORE_FILE_HELP, STORE_HELP } from "../cli/store-ref.js";
import type { CommandSpec } from "./spec.js";

export const mcp: CommandSpec = {
  name: "mcp",
  description:
    "serve the feed to agents as a Model Context Protocol server: over stdio (the default), or Streamable HTTP on 127.0.0.1 with --http",
  options: [
    ["--http", "serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio"],
    ["--port <n>", "the HTTP port (default: a free one, printed on stderr)", "port"],
    [
      "--token <token>",
      "HTTP only: require 'Authorization: Bearer <token>'; prefer env FEEDGATE_MCP_TOKEN, as an option shows in the process list",
    ],
    [
      "--allow-origin <origin>",
      "HTTP only: also accept requests from this Origin (repeatable; default: the server's own)",
      "collect",
    ],
    [
      "--mirror <dir>",
      "add search_local: offline search over the copy `feedgate mirror <dir>` keeps",
    ],
    [
      "--store <url>",
      `add search_local over a fleet's PostgreSQL copy, or a directory: ${STORE_HELP} (with --http only). Env FEEDGATE_STORE`,
    ],
    ["--store-file <path>", STORE_FILE_HELP],
  ],
  examples: [
    "feedgate mcp",
    "feedgate mcp --mirror ./selected",
    'FEEDGATE_MCP_TOKEN="$(cat token-file)" feedgate mcp --http --port 8765',
  ],
  body: async () => (await import("./mcp-run.js")).runMcp as Body,
};
