import type { FeedgateErrorKind } from "../../errors.js";
import type { DEFAULTS } from "./options.js";
import type { RetryAdvice } from "./retry-policy.js";

/** How one attempt ended: `answer` is final; every other tag is a failure the loop may retry. */
export interface Outcome {
  tag: "answer" | "status" | "invalid" | "too_large" | "network" | "attempt_timeout" | "deadline";
  /** The answer, when one arrived (its body already read, except a streamed one's). */
  response?: Response | undefined;
  /** What the attempt rejected with (a connection failure). */
  error?: unknown;
  /** A failure status's server-directed wait, in ms: the longest of the headers' and the hook's. */
  wait?: number | undefined;
  /** What the policy's hook said about a failure status. */
  advice?: RetryAdvice | undefined;
  /** The answer's `x-should-retry` header. */
  hint?: string | null;
}

/**
 * The error a failure without a final answer ends in, per way of failing: its kind, its code and
 * what happened (a failure status is returned to the client instead).
 */
export const FAILURES: Record<
  Exclude<Outcome["tag"], "answer" | "status">,
  (
    limits: Record<keyof typeof DEFAULTS, number>,
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
