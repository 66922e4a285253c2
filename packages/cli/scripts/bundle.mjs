// Bundles the built CLI (dist/bin.js, from tsc) into one file plus a chunk per lazily loaded
// command, in place: Node resolving and reading ~90 modules took about 40 ms of every start
// (measured spawn → first request of `feedgate hot`). The library entry (dist/index.js) and the
// .d.ts files stay as tsc wrote them. What loads only for one command and is large, or carries
// its own version (the MCP server, PostgreSQL, the proxy agent, spinners), stays a dependency
// imported at run time.
import { readdirSync, rmSync } from "node:fs";
import { build } from "esbuild";

// The chunks of an earlier build (named bin-<module>-<hash>.js) would otherwise ship too.
for (const name of readdirSync("dist"))
  if (/^bin-.+-[A-Z0-9]{8}\.js$/.test(name)) rmSync(`dist/${name}`);

await build({
  entryPoints: ["dist/bin.js"],
  outdir: "dist",
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  chunkNames: "bin-[name]-[hash]",
  external: [
    "@feedgate/mcp",
    "@feedgate/postgres",
    "@modelcontextprotocol/sdk",
    "postgres",
    "undici",
    "ora",
    "cli-progress",
  ],
  // CommonJS dependencies (commander, cli-table3) call require() for Node's modules.
  banner: {
    js: 'import { createRequire as __feedgateRequire } from "node:module"; const require = __feedgateRequire(import.meta.url);',
  },
  legalComments: "none",
  logLevel: "warning",
});
