/**
 * The errors this client raised. Only the deprecated `isGatewayError` reads it: in 0.1.0 it
 * answered true for the gateway client's own errors, never for another package's.
 */
const raised = new WeakSet<object>();

/** Marks an error as the gateway client's and throws it. */
export function raise(error: unknown): never {
  if (typeof error === "object" && error !== null) raised.add(error);
  throw error;
}

/** Whether the gateway client raised this error. */
export const wasRaised = (value: unknown): boolean =>
  typeof value === "object" && value !== null && raised.has(value);
