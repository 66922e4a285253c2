import type { TestProject } from "vitest/node";

export interface PrismOptions {
  /** Path of the (bundled) OpenAPI document to serve. */
  spec: string;
  /** Default: 127.0.0.1. */
  host?: string;
  /** Default: 0 (a free port chosen by the OS). */
  port?: number;
}

export interface RunningPrism {
  /** Origin of the mock, e.g. http://127.0.0.1:40123 (Prism routes ignore the spec's server path). */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a Prism mock in this process, configured like `prism mock --errors`: requests and
 * responses are validated, and a response that breaks the document fails loudly instead of
 * being served. Static examples only (no random data), so answers are deterministic.
 * In-process, so there is no child to leak and readiness is the listen() callback itself.
 * Prism is loaded here, not with the harness: most processes that import the harness never
 * start one (loading it took 0.7 s of CPU in each).
 */
export async function startPrism({
  spec,
  host = "127.0.0.1",
  port = 0,
}: PrismOptions): Promise<RunningPrism> {
  const [{ createLogger }, { getHttpOperationsFromSpec }, { createServer }] = await Promise.all([
    import("@stoplight/prism-core"),
    import("@stoplight/prism-http"),
    import("@stoplight/prism-http-server"),
  ]);
  const operations = await getHttpOperationsFromSpec(spec);
  const logger = createLogger("feedgate-prism", { level: "silent" });
  const server = createServer(operations, {
    cors: true,
    components: { logger },
    config: {
      isProxy: false,
      validateRequest: true,
      validateResponse: true,
      checkSecurity: true,
      errors: true,
      upstreamProxy: undefined,
      mock: { dynamic: false, ignoreExamples: false },
    },
  });
  const url = await server.listen(port, host);
  return { url: url.replace(/\/$/, ""), close: () => server.close() };
}

/**
 * A vitest global setup that serves `spec` with one Prism mock for the whole run and provides
 * its origin to the tests as `inject("prismUrl")`.
 */
export function prismGlobalSetup(spec: string) {
  return async (project: TestProject) => {
    const prism = await startPrism({ spec });
    project.provide("prismUrl", prism.url);
    return () => prism.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    prismUrl: string;
  }
}
