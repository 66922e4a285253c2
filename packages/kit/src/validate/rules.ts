import { invalidArgument } from "../errors.js";

/** Checks one parameter and returns the value to send (e.g. `q` trimmed), or throws `invalid_request`. */
export type Rule = (value: unknown, param: string) => unknown;

export function oneOf(values: readonly string[]): Rule {
  return (value, param) => {
    if (typeof value !== "string" || !values.includes(value)) throw invalidArgument(param, `must be one of ${values.map((v) => `"${v}"`).join(", ")}`);
    return value;
  };
}

export function integerIn(min: number, max: number): Rule {
  return (value, param) => {
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
      throw invalidArgument(param, `must be a whole number from ${min} to ${max}`);
    }
    return value;
  };
}

/** A non-empty string (the service answers 400 to an empty one, e.g. `invalid_cursor` for `cursor=`). */
export const nonEmptyString: Rule = (value, param) => {
  if (typeof value !== "string" || value.trim() === "") throw invalidArgument(param, "must be a non-empty string");
  return value;
};

/** Lone surrogates cannot be percent-encoded (encodeURIComponent throws on them). */
function isWellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/** The search text: trimmed, then 2–200 Unicode code points (not UTF-16 units), as the service counts. */
export const searchText: Rule = (value, param) => {
  if (typeof value !== "string") throw invalidArgument(param, "must be a string");
  const trimmed = value.trim();
  const codePoints = [...trimmed].length;
  if (codePoints < 2 || codePoints > 200) {
    throw invalidArgument(param, `must contain 2 to 200 characters (Unicode code points) after trimming; got ${codePoints}`);
  }
  if (!isWellFormed(trimmed)) throw invalidArgument(param, "must be well-formed Unicode text");
  return trimmed;
};

/**
 * A story's public id: 1–128 characters, well-formed, and not a dot segment. The id is
 * percent-encoded into one path segment (openapi-fetch encodes path parameters), so `/`, `?`,
 * `#` or `../` inside it cannot change the path; `.` and `..` alone would be resolved away by
 * URL parsing (even encoded as `%2E`), so they are refused.
 */
export const publicId: Rule = (value, param) => {
  if (typeof value !== "string" || value === "") throw invalidArgument(param, "must be a non-empty string");
  if (value.length > 128) throw invalidArgument(param, `must be at most 128 characters; got ${value.length}`);
  if (!isWellFormed(value)) throw invalidArgument(param, "must be well-formed Unicode text");
  if (/^(\.|%2e){1,2}$/i.test(value)) throw invalidArgument(param, "must not be a dot segment (. or ..)");
  return value;
};

/** A real calendar date `YYYY-MM-DD` (2025-02-30 is refused). */
export const calendarDate: Rule = (value, param) => {
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (match === null) throw invalidArgument(param, "must be a date in the form YYYY-MM-DD");
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw invalidArgument(param, "must be a real calendar date");
  }
  return value;
};
