import { invalidArgument } from "@feedgate/core";
import {
  FEED_RULES,
  isFullDate,
  type OperationRule,
  type ParamRule,
} from "@feedgate/feed-client/rules";
import { hintOf } from "./hints.js";

export type { ParamRule };

/** Every feed operation (by operationId): its method, path and parameter rules, generated from the feed document. */
export const FEED_OPERATIONS = FEED_RULES.operations;

/** The operationId of a feed operation, as the rule tables list them. */
export type FeedOperation = keyof typeof FEED_OPERATIONS;

/** The operations that take a `limit`, with its bounds and default, as the feed document declares them. */
export type FeedLimitOperation = {
  [Op in FeedOperation]: "limit" extends keyof (typeof FEED_OPERATIONS)[Op]["params"] ? Op : never;
}[FeedOperation];

/** The `limit` bounds of each paged operation (read from {@link FEED_OPERATIONS}). */
export const FEED_LIMITS = Object.fromEntries(
  Object.entries(FEED_OPERATIONS as Record<string, OperationRule>).flatMap(([op, { params }]) => {
    const limit = params["limit"];
    return limit ? [[op, { min: limit.minimum, max: limit.maximum, default: limit.default }]] : [];
  }),
) as Readonly<
  Record<
    FeedLimitOperation,
    {
      /** The smallest `limit` accepted. */
      readonly min: number;
      /** The largest `limit` accepted. */
      readonly max: number;
      /** The `limit` the service uses when none is sent. */
      readonly default: number;
    }
  >
>;

/** A feed request after validation: what to send. */
export interface ValidatedRequest {
  /** The operation's path template (e.g. `/api/v1/stories/{publicId}`). */
  path: string;
  /** The checked query parameters (trimmed free text), or undefined when there are none. */
  query: Record<string, string | number> | undefined;
  /** The checked path parameters, or undefined when the path has none. */
  pathParams: Record<string, string> | undefined;
  /**
   * "Did you mean" hints for values of open parameters (`category`) that are near misses of a
   * value the document lists; they are sent as given (the service may have added them). Empty
   * when there is nothing to say.
   */
  hints: string[];
}

/**
 * A query string with a length bound is free text (the feed's `q`): the service trims
 * surrounding whitespace before counting, so the kit counts, and sends, the trimmed text.
 */
const isText = (rule: ParamRule): boolean =>
  rule.in === "query" && (rule.minLength !== undefined || rule.maxLength !== undefined);

/** `from 1 to 100`, `of at least 1`, `of at most 100`, in the words of a message. */
function bounds(
  min: number | undefined,
  max: number | undefined,
  between: string,
  atLeast: string,
  atMost: string,
): string {
  if (min === undefined) return `${atMost} ${max}`;
  return max === undefined ? `${atLeast} ${min}` : `${between} ${min} to ${max}`;
}

/** What is wrong with a number under `rule`, in words; `false` when nothing is. */
function numberProblem(rule: ParamRule, value: unknown): string | false {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = rule;
  const whole = rule.type === "integer";
  const ok =
    (whole ? Number.isInteger(value) : typeof value === "number" && Number.isFinite(value)) &&
    (value as number) >= (minimum ?? -Infinity) &&
    (value as number) <= (maximum ?? Infinity);
  if (!ok)
    return `must be a ${whole ? "whole number" : "number"}${minimum === undefined && maximum === undefined ? "" : ` ${bounds(minimum, maximum, "from", "of at least", "of at most")}`}`;
  if (exclusiveMinimum !== undefined && !((value as number) > exclusiveMinimum))
    return `must be greater than ${exclusiveMinimum}`;
  return (
    exclusiveMaximum !== undefined &&
    !((value as number) < exclusiveMaximum) &&
    `must be less than ${exclusiveMaximum}`
  );
}

/**
 * What is wrong with a string under `rule`, in words; `false` when nothing is. Lengths are
 * counted in Unicode code points (not UTF-16 units), as JSON Schema and the service count. An
 * empty value is refused (the service answers 400 to one, e.g. `invalid_cursor` for `cursor=`).
 * A path parameter is percent-encoded into one path segment (openapi-fetch encodes path
 * parameters), so `/`, `?`, `#` or `../../` inside it cannot change the path; `.` and `..` alone
 * would be resolved away by URL parsing (even encoded as `%2E`), so they are refused. Lone
 * surrogates cannot be percent-encoded at all.
 */
function stringProblem(rule: ParamRule, value: unknown): string | false {
  if (typeof value !== "string") return "must be a string";
  const text = isText(rule) ? value.trim() : value;
  const { minLength, maxLength } = rule;
  const length = [...text].length;
  if (
    (minLength !== undefined && length < minLength) ||
    (maxLength !== undefined && length > maxLength)
  ) {
    return `must contain ${bounds(minLength, maxLength, "", "at least", "at most").trim()} characters (Unicode code points)${isText(rule) ? " after trimming" : ""}; got ${length}`;
  }
  if (!text.trim()) return "must be a non-empty string";
  if (rule.in === "path" && /^(\.|%2e){1,2}$/i.test(value)) return "must not be . or ..";
  if (rule.pattern !== undefined && !new RegExp(rule.pattern, "u").test(value))
    return `must match ${rule.pattern}`;
  if (rule.format === "date" && !isFullDate(value))
    return "must be a real calendar date YYYY-MM-DD";
  return (
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value) &&
    "must be well-formed Unicode"
  );
}

/** What is wrong with `value` under a parameter's rule (from {@link FEED_OPERATIONS}), in words; `false` when nothing is. */
export function problemOf(rule: ParamRule, value: unknown): string | false {
  if (rule.enum)
    return (
      !rule.enum.includes(value) &&
      `must be one of ${rule.enum.map((v) => JSON.stringify(v)).join(", ")}`
    );
  if (rule.type === "integer" || rule.type === "number") return numberProblem(rule, value);
  if (rule.type === "boolean") return typeof value !== "boolean" && "must be true or false";
  return stringProblem(rule, value);
}

/**
 * Checks an operation's parameters before anything is sent, against the feed document's rules:
 * unknown names (the service refuses them), missing required ones, and each value's rule.
 * Returns what to send (e.g. `q` trimmed); throws a FeedgateError of kind `invalid_request`
 * (code `invalid_argument`) naming `param`.
 */
export function validateFeedRequest(
  operation: FeedOperation,
  params: { query?: object | undefined; path?: object | undefined } = {},
): ValidatedRequest {
  const rules: OperationRule | undefined = Object.hasOwn(FEED_OPERATIONS, operation)
    ? FEED_OPERATIONS[operation]
    : undefined;
  if (!rules)
    throw invalidArgument("operation", `unknown feed operation ${JSON.stringify(operation)}`);
  const groups = groupOf(params, "params", { query: "", path: "" });
  const of = (where: ParamRule["in"]) =>
    Object.fromEntries(Object.entries(rules.params).filter(([, rule]) => rule.in === where));
  const query = checkGroup(groups["query"], of("query"), "query") as ValidatedRequest["query"];
  const pathParams = checkGroup(
    groups["path"],
    of("path"),
    "path",
  ) as ValidatedRequest["pathParams"];
  const hints = Object.entries({ ...query, ...pathParams }).flatMap(
    ([name, value]) => hintOf(name, rules.params[name] as ParamRule, value) ?? [],
  );
  return { path: rules.path, query, pathParams, hints };
}

/** The entries of one group of parameters, refused unless it is a plain object of known names. */
function groupOf(
  values: unknown,
  where: string,
  known: Record<string, unknown>,
): Record<string, unknown> {
  if (
    values !== undefined &&
    (typeof values !== "object" || values === null || Array.isArray(values))
  )
    throw invalidArgument(where, "must be an object");
  for (const name of Object.keys(values ?? {})) {
    if (!Object.hasOwn(known, name)) {
      throw invalidArgument(
        name,
        where === "params"
          ? "unknown; use { query } or { path }"
          : `unknown ${where} parameter; accepted: ${Object.keys(known).join(", ") || "none"}`,
      );
    }
  }
  return (values ?? {}) as Record<string, unknown>;
}

/** The checked values of one group of parameters (undefined when none), or a thrown `invalid_request`. */
function checkGroup(
  values: unknown,
  rules: Record<string, ParamRule>,
  where: "query" | "path",
): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(groupOf(values, where, rules))) {
    const rule = rules[name] as ParamRule;
    if (value === undefined) continue;
    const problem = problemOf(rule, value);
    if (problem) throw invalidArgument(name, problem);
    out[name] = typeof value === "string" && isText(rule) ? value.trim() : value;
  }
  for (const [name, rule] of Object.entries(rules))
    if (rule.required && out[name] === undefined) throw invalidArgument(name, "is required");
  return Object.keys(out).length > 0 ? out : undefined;
}
