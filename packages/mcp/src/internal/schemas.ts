import {
  FEED_OPERATIONS,
  type FeedOperation,
  type ParamRule,
  validateFeedRequest,
} from "@feedgate/kit/feed";
import { z } from "zod";

/**
 * A tool argument's schema, derived from the feed document's rule for that parameter (the same
 * table the kit validates with): enums, integer bounds, code-point lengths, patterns and the
 * `date` format become JSON Schema keywords a host can show and check. `max` tightens an upper
 * bound (the result caps); `description` explains the argument to the model.
 */
export function argOf<T extends string | number = string>(
  operation: FeedOperation,
  name: string,
  description: string,
  max?: number,
): z.ZodType<T> {
  // A tightened bound comes with this server's own default, said in `description`.
  const rule = (FEED_OPERATIONS[operation].params as Record<string, ParamRule>)[name];
  if (!rule) throw new Error(`the feed document has no parameter ${name} on ${operation}`);
  let schema: z.ZodType;
  let lengths: { minLength?: number; maxLength?: number } = {};
  if (rule.enum) {
    schema = z.enum(
      rule.enum.filter((v: unknown): v is string => typeof v === "string") as [string, ...string[]],
    );
  } else if (rule.type === "integer" || rule.type === "number") {
    let n = rule.type === "integer" ? z.number().int() : z.number();
    if (rule.minimum !== undefined) n = n.min(rule.minimum);
    const upper = Math.min(rule.maximum ?? Infinity, max ?? Infinity);
    if (Number.isFinite(upper)) n = n.max(upper);
    schema = n;
  } else {
    let s = z.string();
    if (rule.pattern !== undefined) s = s.regex(new RegExp(rule.pattern));
    if (rule.format === "date") s = s.regex(/^\d{4}-\d\d-\d\d$/, "a date, YYYY-MM-DD");
    // Lengths are said as JSON Schema keywords (which count code points, as the kit and the
    // service do) and checked by `checkedBy` with the kit's rule; zod's own length checks
    // count UTF-16 units, and would refuse text the service accepts.
    lengths = {
      ...(rule.minLength !== undefined && { minLength: rule.minLength }),
      ...(rule.maxLength !== undefined && { maxLength: rule.maxLength }),
    };
    schema = s;
  }
  const examples = Array.isArray(rule.examples) ? ` Examples: ${rule.examples.join(", ")}.` : "";
  const fallback =
    rule.default !== undefined && max === undefined ? ` Default: ${String(rule.default)}.` : "";
  return schema.meta({
    description: `${description}${examples}${fallback}`,
    ...lengths,
  }) as z.ZodType<T>;
}

/**
 * The kit's own check of the arguments, run by the schema before the tool runs: the JSON Schema
 * keywords say the rules to a host; this applies them exactly as the kit does (code points after
 * trimming, real calendar dates), so a call the kit would refuse is refused by the schema,
 * before any request. `toParams` returns undefined when the call does not use `operation`.
 */
export function checkedBy<T extends z.ZodObject>(
  schema: T,
  operation: FeedOperation,
  toParams: (args: z.infer<T>) => { query?: object; path?: object } | undefined,
): T {
  return schema.superRefine((args, ctx) => {
    try {
      const params = toParams(args);
      if (params) validateFeedRequest(operation, params);
    } catch (error) {
      const { param, message } = error as { param?: string; message?: string };
      ctx.addIssue({
        code: "custom",
        message: message ?? "invalid argument",
        path: param ? [param] : [],
      });
    }
  }) as T;
}
