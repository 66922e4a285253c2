import {
  createError,
  type FeedgateError,
  type FeedgateErrorKind,
  isFeedgateError,
} from "@feedgate/core";
import { scrubPassword } from "./connection.js";

/** SQLSTATE of a duplicate key. */
export const UNIQUE_VIOLATION = "23505";
/** SQLSTATE of a table that does not exist. */
export const UNDEFINED_TABLE = "42P01";
/** SQLSTATE of a lock not granted within `lock_timeout`. */
export const LOCK_NOT_AVAILABLE = "55P03";

/** SQLSTATE classes and codes, as the family's kinds. */
function kindOfSqlState(code: unknown): FeedgateErrorKind {
  if (typeof code !== "string") return "network";
  if (code === "28P01" || code === "28000") return "authentication";
  if (code === "42501" || code === "25006") return "permission_denied";
  if (code === "3D000" || code === "3F000" || code === UNDEFINED_TABLE) return "config";
  if (/^(08|57P0)/.test(code) || /^E[A-Z]+$/.test(code) || code.startsWith("CONNECT"))
    return "network";
  // Data the store cannot hold (22: data exception, 23: constraint, 54: a limit such as an
  // index row's size): trying again brings the same refusal, so the kind is not a transient one.
  if (/^(22|23|54)/.test(code)) return "invalid_request";
  return "server";
}

/**
 * An error of the family whose message never carries the connection's password: the driver's
 * SQLSTATE (or Node's code) stays in `code`, the kind says what kind of failure it is.
 */
export function storeError(what: string, cause: unknown, url: string): FeedgateError {
  if (isFeedgateError(cause)) return cause;
  const detail = scrubPassword(cause instanceof Error ? cause.message : String(cause), url);
  const code = (cause as { code?: unknown })?.code;
  return createError({
    kind: kindOfSqlState(code),
    code: typeof code === "string" ? code : undefined,
    message: `${what}: ${detail}`,
  });
}
