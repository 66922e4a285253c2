import type { Command } from "commander";
import { examples } from "../cli/help.js";
import { collect, portArg } from "../cli/parse.js";
import type { Runner } from "../cli/runner.js";
import { STORE_FILE_HELP, STORE_HELP } from "../cli/store-ref.js";

export function registerMcp(program: Command, runner: Runner): void {
  const command = program
    .command("mcp")
    .description(
      "serve the feed to agents as a Model Context Protocol server: over stdio (the default), or Streamable HTTP on 127.0.0.1 with --http",
    )
    .option("--http", "serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio")
    .option("--port <n>", "the HTTP port (default: a free one, printed on stderr)", portArg)
    .option(
      "--token <token>",
      "HTTP only: require 'Authorization: Bearer <token>'; prefer env FEEDGATE_MCP_TOKEN, as an option shows in the process list",
    )
    .option(
      "--allow-origin <origin>",
      "HTTP only: also accept requests from this Origin (repeatable; default: the server's own)",
      collect,
    )
    .option(
      "--mirror <dir>",
      "add search_local: offline search over the copy `feedgate mirror <dir>` keeps",
    )
    .option(
      "--store <url>",
      `add search_local over a fleet's PostgreSQL copy, or a directory: ${STORE_HELP} (with --http only). Env FEEDGATE_STORE`,
    )
    .option("--store-file <path>", STORE_FILE_HELP)
    .action(runner.lazy(() => import("./mcp-run.js"), "runMcp"));
  examples(command, [
    "feedgate mcp",
    "feedgate mcp --mirror ./selected",
    'FEEDGATE_MCP_TOKEN="$(cat token-file)" feedgate mcp --http --port 8765',
  ]);
}
