import type { Problem } from "./types.js";

/** A failed answer of the feed service, as the client surfaces it. */
export interface FeedProblem {
  /** HTTP status. */
  status: number;
  /** The Problem's machine-readable `code` (e.g. `invalid_cursor`), when the body had one. */
  code: string | undefined;
  /** `X-Request-Id` of the answer: quote it when reporting a problem. */
  requestId: string | undefined;
  /** The parsed `application/problem+json` body, when there was one. */
  problem: Problem | undefined;
}

/**
 * Reads the Problem out of an openapi-fetch result. Returns undefined for 2xx and 3xx
 * answers (a 304 is "unchanged", a 308 a merge redirect: neither is a failure).
 */
export function readProblem(result: { response: Response; error?: unknown }): FeedProblem | undefined {
  const { response, error } = result;
  if (response.status < 400) return undefined;
  const problem = isProblem(error) ? error : undefined;
  return {
    status: response.status,
    code: problem?.code,
    requestId: response.headers.get("x-request-id") ?? problem?.requestId,
    problem,
  };
}

function isProblem(value: unknown): value is Problem {
  return typeof value === "object" && value !== null && typeof (value as { code?: unknown }).code === "string";
}
