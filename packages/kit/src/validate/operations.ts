import { invalidArgument } from "../errors.js";
import { calendarDate, integerIn, nonEmptyString, oneOf, publicId, searchText, type Rule } from "./rules.js";

/** The `limit` bounds of each paged operation, as the feed document declares them. */
export const FEED_LIMITS = {
  items: { min: 1, max: 100, default: 50 },
  dailies: { min: 1, max: 180, default: 30 },
  selectedSnapshot: { min: 1, max: 1000, default: 500 },
  selectedChanges: { min: 1, max: 100, default: 100 },
} as const;

const limit = (op: keyof typeof FEED_LIMITS) => integerIn(FEED_LIMITS[op].min, FEED_LIMITS[op].max);

interface OperationRules {
  path: string;
  query?: Record<string, Rule>;
  /** Query parameters that must be given. */
  required?: readonly string[];
  pathParams?: Record<string, Rule>;
}

/** Every feed operation: its path and the rules of its parameters (nothing else is sent). */
export const FEED_OPERATIONS = {
  items: {
    path: "/api/v1/items",
    query: {
      mode: oneOf(["selected", "all"]),
      category: nonEmptyString,
      window: oneOf(["24h", "7d"]),
      by: oneOf(["timeline", "published"]),
      q: searchText,
      limit: limit("items"),
      cursor: nonEmptyString,
    },
  },
  codexResets: { path: "/api/v1/codex-resets" },
  codexResetsRecent: { path: "/api/v1/codex-resets/recent" },
  hotTopics: { path: "/api/v1/hot-topics" },
  storyByPublicId: { path: "/api/v1/stories/{publicId}", pathParams: { publicId } },
  dailies: { path: "/api/v1/dailies", query: { limit: limit("dailies") } },
  latestDaily: { path: "/api/v1/dailies/latest" },
  dailyByDate: { path: "/api/v1/dailies/{date}", pathParams: { date: calendarDate } },
  selectedSnapshot: {
    path: "/api/v1/selected/snapshot",
    query: { fields: oneOf(["default", "minimal"]), limit: limit("selectedSnapshot"), page: nonEmptyString },
  },
  selectedChanges: {
    path: "/api/v1/selected/changes",
    query: { cursor: nonEmptyString, limit: limit("selectedChanges") },
    required: ["cursor"],
  },
} as const satisfies Record<string, OperationRules>;

export type FeedOperation = keyof typeof FEED_OPERATIONS;

export interface ValidatedRequest {
  path: string;
  query: Record<string, string | number> | undefined;
  pathParams: Record<string, string> | undefined;
}

/**
 * Checks an operation's parameters before anything is sent: unknown names (the service
 * refuses them), missing required ones, and each value's rule. Returns what to send
 * (e.g. `q` trimmed); throws a FeedgateError of kind `invalid_request` naming `param`.
 */
export function validateFeedRequest(
  operation: FeedOperation,
  params: { query?: object | undefined; path?: object | undefined } = {},
): ValidatedRequest {
  const rules: OperationRules = FEED_OPERATIONS[operation];
  if (rules === undefined) throw invalidArgument("operation", `unknown feed operation ${JSON.stringify(operation)}`);
  return {
    path: rules.path,
    query: checkGroup(params.query, rules.query ?? {}, rules.required ?? [], "query") as ValidatedRequest["query"],
    pathParams: checkGroup(params.path, rules.pathParams ?? {}, Object.keys(rules.pathParams ?? {}), "path") as ValidatedRequest["pathParams"],
  };
}

function checkGroup(values: object | undefined, rules: Record<string, Rule>, required: readonly string[], where: string): Record<string, unknown> | undefined {
  if (values !== undefined && (typeof values !== "object" || values === null || Array.isArray(values))) {
    throw invalidArgument(where, "must be an object of parameters");
  }
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    const rule = rules[name];
    if (rule === undefined) {
      const known = Object.keys(rules);
      throw invalidArgument(name, known.length === 0 ? `no ${where} parameters are accepted here` : `unknown ${where} parameter; accepted: ${known.join(", ")}`);
    }
    if (value === undefined) continue;
    out[name] = rule(value, name);
  }
  for (const name of required) if (out[name] === undefined) throw invalidArgument(name, "is required");
  return Object.keys(out).length === 0 ? undefined : out;
}
