/**
 * `@feedgate/feed-client/rules`: the feed document's rules as data — every operation's method,
 * path and parameter rules (enums, bounds, code-point lengths, patterns, formats, defaults) and
 * the enums of its schemas — generated from the OpenAPI document by `pnpm generate`. The kit
 * validates calls and the mock routes requests by this table, so a spec change reaches both
 * without an edit. Its own entry point keeps the client's bundle free of it.
 * @packageDocumentation
 */

export type { ApiRules, OperationRule, ParamRule } from "@feedgate/core";
export { FEED_RULES, type KnownParamValues } from "./generated/rules.js";

/**
 * Whether `value` is a JSON Schema / RFC 3339 `full-date` (`format: date`): `YYYY-MM-DD` naming a
 * real day of the Gregorian calendar (no 2025-02-29, no 2025-04-31).
 */
export function isFullDate(value: unknown): boolean {
  if (typeof value !== "string" || !/^\d{4}-\d\d-\d\d$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
