import { startPostgres } from "@feedgate/test-harness";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** `postgres://…@127.0.0.1:<port>/postgres` of the run's server. */
    postgresUrl: string;
  }
}

/** One real PostgreSQL server for the whole test run of this package, stopped at the end. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}
