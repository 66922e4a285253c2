import { fromRoot, loadSpec } from "@feedgate/test-harness";
import { inject } from "vitest";
import { createGatewayClient } from "../../src/index.js";
import { recordingFetch } from "./recording-fetch.js";

/** The bundled document Prism serves, for validating what came back. */
export const spec = loadSpec(fromRoot("specs/gateway/dist/openapi.json"));

/** The key contract tests use; searched for in every error they see. */
export const CONTRACT_KEY = "sk-feedgate-contract-7f3a9c21d4e8b6";

/**
 * A client of the in-process Prism (test/setup/prism.ts) through the public API, with a
 * recording fetch. `prefer` becomes a `Prefer` header on every request (`code=429`,
 * `example=taskSubmitted`): Prism's way of choosing an answer. Retries are off unless
 * `maxRetries` says otherwise: Prism answers the same failure every time, and these tests are
 * about what one answer becomes (test/contract/retries.test.ts is about the retries).
 */
export function prismClient(prefer?: string, maxRetries = 0) {
  const recorder = recordingFetch();
  const client = createGatewayClient({
    baseUrl: inject("prismUrl"),
    apiKey: CONTRACT_KEY,
    fetch: recorder.fetch,
    maxRetries,
    ...(prefer === undefined ? {} : { headers: { Prefer: prefer } }),
  });
  return { client, ...recorder };
}

/** The request id of an answer by the documented precedence. */
export function expectedRequestId(headers: Headers): string | null {
  return (
    headers.get("x-oneapi-request-id") ?? headers.get("x-request-id") ?? headers.get("request-id")
  );
}
