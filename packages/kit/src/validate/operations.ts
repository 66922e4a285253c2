
/** The `limit` bounds of each paged operation, as the feed document declares them. */
export const FEED_LIMITS = {
  items: { min: 1, max: 100, default: 50 },
  dailies: { min: 1, max: 180, default: 30 },
  selectedSnapshot: { min: 1, max: 1000, default: 500 },
  selectedChanges: { min: 1, max: 100, default: 100 },
} as const;

/**
 * The rule of one parameter: one of a list of values; a whole number from 1 to a maximum (a
 * `limit`); `"string"` non-empty (the service answers 400 to an empty one, e.g. `invalid_cursor`
 * for `cursor=`); `"text"` the search text; `"id"` a story's public id; `"date"` a calendar date.
 */
export type ParamRule = readonly string[] | number | "string" | "text" | "id" | "date";

interface OperationRules {
  path: string;
  query?: Record<string, ParamRule>;
  /** Query parameters that must be given. */
  required?: readonly string[];
  pathParams?: Record<string, ParamRule>;
}

/** Every feed operation: its path and the rules of its parameters (nothing else is sent). */
export const FEED_OPERATIONS = {
  items: {
    path: "/api/v1/items",
    query: {
      mode: ["selected", "all"],
      category: "string",
      window: ["24h", "7d"],
      by: ["timeline", "published"],
      q: "text",
      limit: FEED_LIMITS.items.max,
      cursor: "string",
    },
  },
  codexResets: { path: "/api/v1/codex-resets" },
  codexResetsRecent: { path: "/api/v1/codex-resets/recent" },
  hotTopics: { path: "/api/v1/hot-topics" },
  storyByPublicId: { path: "/api/v1/stories/{publicId}", pathParams: { publicId: "id" } },
  dailies: { path: "/api/v1/dailies", query: { limit: FEED_LIMITS.dailies.max } },
  latestDaily: { path: "/api/v1/dailies/latest" },
  dailyByDate: { path: "/api/v1/dailies/{date}", pathParams: { date: "date" } },
  selectedSnapshot: { path: "/api/v1/selected/snapshot", query: { fields: ["default", "minimal"], limit: FEED_LIMITS.selectedSnapshot.max, page: "string" } },
  selectedChanges: { path: "/api/v1/selected/changes", query: { cursor: "string", limit: FEED_LIMITS.selectedChanges.max }, required: ["cursor"] },
} as const satisfies Record<string, OperationRules>;

export type FeedOperation = keyof typeof FEED_OPERATIONS;

export interface ValidatedRequest {
  path: string;
  query: Record<string, string | number> | undefined;
  pathParams: Record<string, string> | undefined;
}

/**
 * Checks one value against its rule and returns what to send (`q` trimmed). The search text is
 * counted in Unicode code points (not UTF-16 units), as the service counts. A story id is
 * percent-encoded into one path segment (openapi-fetch encodes path parameters), so `/`, `?`,
 * `#` or `../` inside it cannot change the path; `.` and `..` alone would be resolved away by
 * URL parsing (even encoded as `%2E`), so they are refused. Lone surrogates cannot be
 * percent-encoded at all.
 */
function check(rule: ParamRule, value: any, param: string): unknown {
  const problem = problemOf(rule, value);
  if (problem) throw invalidArgument(param, problem);
  return rule === "text" ? value.trim() : value;
}

/** What is wrong with `value` under `rule`, in words; `false` when nothing is. */
export function problemOf(rule: ParamRule, value: any): string | false {
  if (typeof rule === "number") return !(Number.isInteger(value) && value >= 1 && value <= rule) && `must be a whole number from 1 to ${rule}`;
  if (typeof rule === "object") return !rule.includes(value) && `must be one of ${rule.map((v) => `"${v}"`).join(", ")}`;
  if (typeof value !== "string" || !(rule === "text" || value.trim())) return `must be a ${rule === "text" ? "" : "non-empty "}string`;
  if (rule === "text" && !/^.{2,200}$/su.test(value.trim())) return `must contain 2 to 200 characters (Unicode code points) after trimming; got ${[...value.trim()].length}`;
  if (rule === "id" && value.length > 128) return "must be at most 128 characters";
  if (rule === "id" && /^(\.|%2e){1,2}$/i.test(value)) return "must not be . or ..";
  if (rule === "date" && !(/^\d{4}-\d\d-\d\d$/.test(value) && Date.parse(value) > -Infinity && new Date(value).toISOString().startsWith(value))) return "must be a real calendar date YYYY-MM-DD";
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value) && "must be well-formed Unicode";
}

/**
 * Checks an operation's parameters before anything is sent: unknown names (the service
 * refuses them), missing required ones, and each value's rule. Returns what to send
 * (e.g. `q` trimmed); throws a FeedgateError of kind `invalid_request` naming `param`.
 */
export function validateFeedRequest(operation: FeedOperation, params: { query?: object | undefined; path?: object | undefined } = {}): ValidatedRequest {
  const rules: OperationRules | undefined = FEED_OPERATIONS[operation];
  if (!rules) throw invalidArgument("operation", `unknown feed operation ${JSON.stringify(operation)}`);
  const { query = {}, pathParams = {} } = rules;
  const checked = checkGroup(params, { query: "", path: "" }, [], "");
  return {
    path: rules.path,
    query: checkGroup(checked?.["query"], query, rules.required ?? [], "query") as ValidatedRequest["query"],
    pathParams: checkGroup(checked?.["path"], pathParams, Object.keys(pathParams), "path") as ValidatedRequest["pathParams"],
  };
}

/** The checked values of one group of parameters (undefined when none), or a thrown `invalid_request`. */
function checkGroup(values: unknown, rules: Record<string, ParamRule | "">, required: readonly string[], where: string): Record<string, any> | undefined {
  if (values !== undefined && (typeof values !== "object" || values === null || Array.isArray(values))) throw invalidArgument(where || "params", "must be an object");
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    const rule = rules[name];
    if (rule === undefined) throw invalidArgument(name, where ? `unknown ${where} parameter; accepted: ${Object.keys(rules).join(", ") || "none"}` : "unknown; use { query } or { path }");
    if (value !== undefined) out[name] = rule === "" ? value : check(rule, value, name);
  }
  for (const name of required) if (out[name] === undefined) throw invalidArgument(name, "is required");
  return Object.keys(out).length > 0 ? out : undefined;
}import { invalidArgument } from "@feedgate/core";

