import type { FeedgateErrorKind } from "../../errors.js";
import type { Outcome } from "./retry-policy.js";

/**
 * The error a failure without a final answer ends in, per way of failing: its kind, its code and
 * what happened (a failure status is returned to the client instead).
 */
export const FAILURES: Record<
  Exclude<Outcome["tag"], "answer" | "status">,
  (
    limits: Record<"maxResponseBytes" | "timeoutMs" | "deadlineMs", number>,
    error: unknown,
  ) => [FeedgateErrorKind, string, string]
> = {
  invalid: () => ["invalid_response", "not_json", "answered HTML, not JSON"],
  too_large: (c) => [
    "response_too_large",
    "response_too_large",
    `answered a body over maxResponseBytes (${c.maxResponseBytes} bytes); not read further`,
  ],
  network: (_, error) => {
    const { message, cause } = (error ?? {}) as {
      message?: unknown;
      cause?: { message?: unknown; code?: unknown };
    };
    const code = cause?.code;
    const detail = [message, code ?? cause?.message].filter((x) => typeof x === "string");
    return [
      "network",
      typeof code === "string" ? code : "network_error",
      `connection failed: ${detail.join(": ") || "unknown error"}`,
    ];
  },
  attempt_timeout: (c) => [
    "timeout",
    "attempt_timeout",
    `no complete answer within ${c.timeoutMs} ms`,
  ],
  deadline: (c) => ["timeout", "deadline_exceeded", `deadline of ${c.deadlineMs} ms passed`],
};
