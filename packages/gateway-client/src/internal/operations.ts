import type { operations, paths } from "../generated/gateway.js";
import { isObject } from "./envelope.js";

/** The operationIds of the gateway document. */
export type GatewayOperationId = keyof operations;

/** The credential header of each route family; the same key goes into each. */
export type RouteFamily = "bearer" | "anthropic" | "google";

/**
 * When a failed call of an operation may be repeated (core's retry policy does the rest):
 * - `read`: a GET or DELETE, repeated on every retryable failure;
 * - `free`: a POST that does no billed work (token counts, cancel), repeated like a read;
 * - `billed`: a POST the gateway may have run (and billed): repeated only where it cannot have
 *   (429, 408, a 503 with a wait, a connection refused before sending);
 * - `image`: billed per call, with no idempotency key: never repeated unless submitted as a task
 *   (`async=true`, then `billed`).
 */
export type RetryClass = "read" | "free" | "billed" | "image";

/** One operation of the client: where it goes, with which key header, how it is retried and checked. */
export interface Operation {
  /** HTTP method, as the document's rule table has it. */
  readonly method: "get" | "post" | "delete";
  /** Path template, as the document's rule table has it. */
  readonly path: keyof paths;
  /** The header the key goes in. */
  readonly credential: RouteFamily;
  /** How failures are repeated. */
  readonly retry: RetryClass;
  /** The least a 2xx JSON body must be for the helpers to work on it (loose: objects stay open). Default: any JSON object. */
  readonly shape: ((body: Record<string, unknown>) => boolean) | undefined;
  /**
   * Documented but not registered by every gateway (upstream new-api #1216): besides the NoRoute
   * 404, a 405 or 501, a 404 without an envelope, or a 301/302 to another origin means "not here".
   */
  readonly maybeUnrouted: boolean;
  /** The path template as a pattern, for telling which operation a request is (the raw client's included). */
  readonly pattern: RegExp;
}

const isString = (v: unknown) => typeof v === "string";
const hasId = (b: Record<string, unknown>) => isString(b["id"]);
/** Only tasks carry a `status` and a task id; results carry `created` + `data`. */
export const isTask = (v: Record<string, unknown>) =>
  isString(v["status"]) && (isString(v["task_id"]) || isString(v["id"]));
// Number.isFinite is false for anything but a finite number.
const counted = (b: Record<string, unknown>) => Number.isFinite(b["input_tokens"]);

/** One row of {@link OPERATIONS}: `"method path"`, `"credential retry"` (` unrouted` when not every gateway registers it), shape. */
function row(
  route: `${Operation["method"]} ${keyof paths}`,
  how: `${RouteFamily} ${RetryClass}${"" | " unrouted"}`,
  shape?: Operation["shape"],
): Operation {
  const [method, path] = route.split(" ") as [Operation["method"], keyof paths];
  const [credential, retry, unrouted] = how.split(" ") as [RouteFamily, RetryClass, string?];
  const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/:]+")}$`);
  return { method, path, credential, retry, shape, maybeUnrouted: !!unrouted, pattern };
}
const isArrayOrNone = (key: string) => (b: Record<string, unknown>) =>
  b[key] === undefined || Array.isArray(b[key]);
const isResultOrTask = (b: Record<string, unknown>) => Array.isArray(b["data"]) || isTask(b);

/**
 * Every operation of the gateway document, checked complete by the compiler: a new operation in
 * the spec fails the build until it has a row. Method and path are the generated rule table's
 * (`GATEWAY_RULES`, a test compares them); the credential is the document's security scheme.
 */
export const OPERATIONS: Readonly<Record<GatewayOperationId, Operation>> = {
  createResponse: row("post /v1/responses", "bearer billed", hasId),
  retrieveResponse: row("get /v1/responses/{response_id}", "bearer read unrouted", hasId),
  deleteResponse: row("delete /v1/responses/{response_id}", "bearer read unrouted"),
  cancelResponse: row("post /v1/responses/{response_id}/cancel", "bearer free unrouted", hasId),
  countResponseInputTokens: row("post /v1/responses/input_tokens", "bearer free unrouted", counted),
  compactResponse: row("post /v1/responses/compact", "bearer billed", isArrayOrNone("output")),
  createImage: row("post /v1/images/generations", "bearer image", isResultOrTask),
  getImageTask: row("get /v1/images/generations/{task_id}", "bearer read", isTask),
  countMessageTokens: row("post /v1/messages/count_tokens", "anthropic free unrouted", counted),
  generateContent: row(
    "post /v1beta/models/{model}:generateContent",
    "google billed",
    isArrayOrNone("candidates"),
  ),
  streamGenerateContent: row("post /v1beta/models/{model}:streamGenerateContent", "google billed"),
};

/**
 * Operations whose answers carry whole images as base64 (4K, or several): their cap defaults to a
 * stream event's, since the gateway reads them with none and the call was billed.
 */
export const IMAGE_ANSWERS: ReadonlySet<GatewayOperationId> = new Set([
  "createImage",
  "getImageTask",
  "generateContent",
]);

/** The operation a request is, by its method and its path below the base URL; undefined for any other. */
export function operationOf(method: string, path: string): GatewayOperationId | undefined {
  return (Object.keys(OPERATIONS) as GatewayOperationId[]).find(
    (id) => OPERATIONS[id].method.toUpperCase() === method && OPERATIONS[id].pattern.test(path),
  );
}

/** What is wrong with a 2xx body of `operationId`, or undefined when it has the operation's shape. */
export function shapeProblem(operationId: GatewayOperationId, body: unknown): string | undefined {
  if (!isObject(body)) {
    const got = Array.isArray(body) ? "an array" : typeof body;
    return `expected a JSON object, got ${body === null ? "null" : got}`;
  }
  return OPERATIONS[operationId].shape?.(body) === false
    ? "a JSON object without the fields this operation answers"
    : undefined;
}
