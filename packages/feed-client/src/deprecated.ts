// Names of the 0.1.0 API that live on for one minor release as deprecated aliases, so an app
// written against 0.1.0 compiles with strike-throughs pointing at the replacement instead of
// errors. Removed in the next minor: see the migration section of the CHANGELOG.
import { ConfigError, type ProblemDetails } from "@feedgate/core";
import { errorOfResult } from "./problem.js";

/**
 * The 0.1.0 error of a bad option.
 * @deprecated Use `ConfigError` (code `invalid_option`, the option in `option`). Removed in the next minor.
 */
export const FeedClientConfigError = ConfigError;
/**
 * The 0.1.0 name of the `ConfigError` type.
 * @deprecated Use `ConfigError`. Removed in the next minor.
 */
export type FeedClientConfigError = ConfigError;
/**
 * True for the 0.1.0 error of a bad option.
 * @deprecated Use `error instanceof ConfigError`. Removed in the next minor.
 */
export const isFeedClientConfigError = (value: unknown): value is ConfigError =>
  value instanceof ConfigError;

/**
 * The 0.1.0 summary of a failed answer.
 * @deprecated Use `errorOfResult(result)`: the typed error, with `status`, `code`, `requestId`
 * and `problem`. Removed in the next minor.
 */
export interface FeedProblem {
  /** HTTP status. */
  status: number;
  /** The Problem's machine-readable `code`, when the body had one. */
  code: string | undefined;
  /** `X-Request-Id` of the answer. */
  requestId: string | undefined;
  /** The parsed `application/problem+json` body, when there was one. */
  problem: ProblemDetails | undefined;
}

/**
 * The 0.1.0 reader of a failed answer: undefined for 2xx and 3xx.
 * @deprecated Use `errorOfResult(result)`, which gives the typed error. Removed in the next minor.
 */
export function readProblem(result: {
  response: Response;
  error?: unknown;
}): FeedProblem | undefined {
  const error = errorOfResult(result);
  return (
    error && {
      status: error.status ?? result.response.status,
      code: error.code,
      requestId: error.requestId,
      problem: error.problem,
    }
  );
}
