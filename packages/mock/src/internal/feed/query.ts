import type { ParamRule } from "@feedgate/feed-client/rules";
import { parseJsonBody } from "../core/reply.js";
import type { DocumentFeedRoute } from "./routes.js";
import { DOCUMENT_OPERATIONS } from "./routes.js";
import type { FeedRoute } from "./wire.js";
import { invalidRequest } from "./wire.js";

type Operations = typeof DOCUMENT_OPERATIONS;
/** The query parameters of an operation, by name. */
type QueryOf<Op extends DocumentFeedRoute> = Operations[Op]["params"];
/** The values of an enum parameter, as the document lists them. */
type EnumOf<
  Op extends DocumentFeedRoute,
  Name extends keyof QueryOf<Op>,
> = QueryOf<Op>[Name] extends { enum: readonly (infer V)[] } ? V : never;

/** An operation's parameter rules in the feed document (none for one the document dropped). */
const paramsOf = (op: FeedRoute): Record<string, ParamRule> =>
  (DOCUMENT_OPERATIONS as Record<string, { params: Record<string, ParamRule> } | undefined>)[op]
    ?.params ?? {};

/** A parameter's rule in the feed document. */
const ruleOf = (op: FeedRoute, name: string): ParamRule => paramsOf(op)[name] as ParamRule;

/**
 * The service's strict query rule: only the operation's query parameters (as the feed document
 * lists them), each at most once; returns the values. An unknown name (cache-busters included)
 * or a repeated one is 400 invalid_request.
 */
export function strictQuery(params: URLSearchParams, op: FeedRoute): Map<string, string> {
  const allowed = Object.entries(paramsOf(op)).filter(([, rule]) => rule.in === "query");
  const out = new Map<string, string>();
  for (const [name, value] of params) {
    if (!allowed.some(([known]) => known === name))
      throw invalidRequest(`Unknown query parameter: ${name}.`);
    if (out.has(name)) throw invalidRequest(`Query parameter must not be repeated: ${name}.`);
    out.set(name, value);
  }
  return out;
}

/** An enum parameter's value, its default when absent, or 400 naming the document's values. */
export function enumParam<Op extends DocumentFeedRoute, Name extends keyof QueryOf<Op> & string>(
  op: Op,
  name: Name,
  value: string | undefined,
): EnumOf<Op, Name> {
  const rule = ruleOf(op, name);
  const values = (rule.enum ?? []) as readonly unknown[];
  if (value === undefined) return rule.default as EnumOf<Op, Name>;
  if (values.includes(value)) return value as EnumOf<Op, Name>;
  throw invalidRequest(`${name} must be ${values.map((v) => `'${String(v)}'`).join(" or ")}.`);
}

/** An integer parameter's value within the document's bounds, its default when absent, or 400. */
export function integerParam(op: FeedRoute, name: string, value: string | undefined): number {
  const { minimum = 0, maximum = Number.MAX_SAFE_INTEGER, default: fallback } = ruleOf(op, name);
  if (value === undefined) return fallback as number;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= minimum && n <= maximum))
    throw invalidRequest(`${name} must be an integer from ${minimum} to ${maximum}.`);
  return n;
}

/** Whether a text is within a parameter's length bounds, counted in Unicode code points as the document counts. */
export function withinLength(op: FeedRoute, name: string, text: string): boolean {
  const { minLength = 0, maxLength = Infinity } = ruleOf(op, name);
  const length = [...text].length;
  return length >= minLength && length <= maxLength;
}

/** A parameter's length bounds in words (`2 to 200`), for the service's messages. */
export function lengthBounds(op: FeedRoute, name: string): string {
  const { minLength = 0, maxLength } = ruleOf(op, name);
  return maxLength === undefined ? `at least ${minLength}` : `${minLength} to ${maxLength}`;
}

export function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

/** Decodes `<prefix>base64url(JSON object)`, or undefined when anything is off. */
export function decodeToken(token: string, prefix: string): Record<string, unknown> | undefined {
  if (!token.startsWith(prefix)) return undefined;
  const payload = token.slice(prefix.length);
  if (!/^[A-Za-z0-9_-]+$/.test(payload)) return undefined;
  return parseJsonBody(Buffer.from(payload, "base64url").toString("utf8"));
}
