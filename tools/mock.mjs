#!/usr/bin/env node
// `pnpm mock:feed [--port N]` / `pnpm mock:gateway [--port N]`: a Prism mock of the feed
// document (default port 4010) or of the bundled gateway document (default port 4011) on
// 127.0.0.1 until Ctrl-C. --errors makes an answer that breaks the document fail loudly.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle, TARGETS } from "./generate.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SPECS = {
  feed: { spec: "specs/feed/dist/openapi-v1.json", port: 4010 },
  gateway: { spec: "specs/gateway/dist/openapi.json", port: 4011 },
};

const [name, ...rest] = process.argv.slice(2);
const target = SPECS[name];
if (!target) {
  console.error(`usage: node tools/mock.mjs <${Object.keys(SPECS).join("|")}> [--port N]`);
  process.exit(2);
}
const portFlag = rest.indexOf("--port");
const port = portFlag >= 0 ? Number(rest[portFlag + 1]) : Number(process.env.PORT ?? target.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be an integer between 0 and 65535`);
  process.exit(2);
}

// Prism reads the bundle (the gateway's split files; the feed's structure plus overlay), rebuilt every start.
if (TARGETS[name]?.bundle) bundle(TARGETS[name].bundle);

const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist", "index.js");
const child = spawn(
  process.execPath,
  [cli, "mock", join(root, target.spec), "--host", "127.0.0.1", "--port", String(port), "--errors"],
  { stdio: "inherit", env: { ...process.env, SCARF_ANALYTICS: "false" } },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) =>
  process.exit(signal === "SIGINT" || signal === "SIGTERM" ? 0 : (code ?? 1)),
);
