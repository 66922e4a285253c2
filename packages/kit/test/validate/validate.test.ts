import { readFileSync } from "node:fs";
import { fromRoot } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import {
  FEED_LIMITS,
  FEED_OPERATIONS,
  type ParamRule,
  validateFeedRequest,
} from "../../src/internal/validate/index.js";
import { problemOf } from "../../src/internal/validate/operations.js";

const invalid = (param: string) =>
  expect.objectContaining({ kind: "invalid_request", code: "invalid_argument", param });

describe("input validation before any request", () => {
  it("trims q and counts Unicode code points, not UTF-16 units", () => {
    expect(validateFeedRequest("items", { query: { q: "  openai  " } }).query).toEqual({
      q: "openai",
    });
    // Two astral characters: 4 UTF-16 units but 2 code points — accepted.
    expect(validateFeedRequest("items", { query: { q: "😀😀" } }).query).toEqual({ q: "😀😀" });
    // One astral character is 2 units but 1 code point — refused.
    expect(() => validateFeedRequest("items", { query: { q: " 😀 " } })).toThrowError(invalid("q"));
    expect(validateFeedRequest("items", { query: { q: "😀".repeat(200) } }).query).toEqual({
      q: "😀".repeat(200),
    });
    expect(() => validateFeedRequest("items", { query: { q: "a".repeat(201) } })).toThrowError(
      invalid("q"),
    );
    expect(() => validateFeedRequest("items", { query: { q: "   " } })).toThrowError(
      /q: must contain 2 to 200 characters/,
    );
  });

  it("keeps limit within each operation's bounds", () => {
    for (const [op, { min, max }] of Object.entries(FEED_LIMITS)) {
      const extra = op === "selectedChanges" ? { cursor: "c" } : {};
      const ok = (limit: number) =>
        validateFeedRequest(op as keyof typeof FEED_LIMITS, { query: { ...extra, limit } });
      expect(ok(min).query).toMatchObject({ limit: min });
      expect(ok(max).query).toMatchObject({ limit: max });
      expect(() => ok(min - 1)).toThrowError(invalid("limit"));
      expect(() => ok(max + 1)).toThrowError(
        new RegExp(`limit: must be a whole number from ${min} to ${max}`),
      );
      expect(() => ok(1.5)).toThrowError(invalid("limit"));
    }
  });

  it("matches the limit bounds the feed document declares", () => {
    const spec = JSON.parse(readFileSync(fromRoot("specs/feed/dist/openapi-v1.json"), "utf8")) as {
      paths: Record<
        string,
        {
          get: {
            operationId: string;
            parameters?: Array<{
              name?: string;
              schema?: { minimum?: number; maximum?: number; default?: number };
            }>;
          };
        }
      >;
    };
    const declared: Record<string, unknown> = {};
    for (const item of Object.values(spec.paths)) {
      const limit = item.get.parameters?.find((p) => p.name === "limit");
      if (limit?.schema)
        declared[item.get.operationId] = {
          min: limit.schema.minimum,
          max: limit.schema.maximum,
          default: limit.schema.default,
        };
    }
    expect(declared).toEqual(FEED_LIMITS);
    const paths = Object.fromEntries(
      Object.entries(spec.paths).map(([path, item]) => [item.get.operationId, path]),
    );
    expect(
      Object.fromEntries(Object.entries(FEED_OPERATIONS).map(([op, rules]) => [op, rules.path])),
    ).toEqual(paths);
  });

  it("checks enums, category and cursors are strings", () => {
    expect(() => validateFeedRequest("items", { query: { mode: "everything" } })).toThrowError(
      invalid("mode"),
    );
    expect(() => validateFeedRequest("items", { query: { window: "30d" } })).toThrowError(
      invalid("window"),
    );
    expect(() => validateFeedRequest("items", { query: { category: 7 } })).toThrowError(
      invalid("category"),
    );
    // Unknown category keys are passed on: the list may grow.
    expect(validateFeedRequest("items", { query: { category: "robotics" } }).query).toEqual({
      category: "robotics",
    });
    expect(() => validateFeedRequest("items", { query: { cursor: "" } })).toThrowError(
      invalid("cursor"),
    );
    expect(() =>
      validateFeedRequest("selectedSnapshot", { query: { fields: "all" } }),
    ).toThrowError(invalid("fields"));
    expect(() => validateFeedRequest("selectedChanges", { query: {} })).toThrowError(
      invalid("cursor"),
    );
  });

  it("refuses parameters the service does not know (it would answer 400)", () => {
    expect(() => validateFeedRequest("hotTopics", { query: { _: "1" } })).toThrowError(
      invalid("_"),
    );
    expect(() => validateFeedRequest("items", { query: { take: 5 } })).toThrowError(
      /take: unknown query parameter/,
    );
  });

  it("checks publicId: non-empty, at most 128 characters, not a dot segment", () => {
    expect(
      validateFeedRequest("storyByPublicId", { path: { publicId: "a".repeat(128) } }).pathParams,
    ).toEqual({ publicId: "a".repeat(128) });
    expect(() =>
      validateFeedRequest("storyByPublicId", { path: { publicId: "a".repeat(129) } }),
    ).toThrowError(invalid("publicId"));
    for (const bad of ["", ".", "..", "%2e%2E", ".%2e"]) {
      expect(() =>
        validateFeedRequest("storyByPublicId", { path: { publicId: bad } }),
      ).toThrowError(invalid("publicId"));
    }
    expect(() => validateFeedRequest("storyByPublicId", { path: {} })).toThrowError(
      invalid("publicId"),
    );
    expect(() =>
      validateFeedRequest("storyByPublicId", { path: { publicId: "\ud800x" } }),
    ).toThrowError(invalid("publicId"));
  });

  it("checks date is a real calendar date", () => {
    expect(validateFeedRequest("dailyByDate", { path: { date: "2024-02-29" } }).pathParams).toEqual(
      { date: "2024-02-29" },
    );
    for (const bad of [
      "2025-02-30",
      "2025-02-29",
      "2025-13-01",
      "2025-1-01",
      "20250101",
      "2025-04-31",
    ]) {
      expect(() => validateFeedRequest("dailyByDate", { path: { date: bad } })).toThrowError(
        invalid("date"),
      );
    }
  });
});

describe("one generic validator over the rule entries", () => {
  const rule = (extra: Partial<ParamRule>): ParamRule =>
    ({ in: "query", required: false, ...extra }) as ParamRule;

  it("applies each keyword a rule carries, whatever the parameter", () => {
    expect(problemOf(rule({ type: "string", pattern: "^[a-z]+$" }), "abc")).toBe(false);
    expect(problemOf(rule({ type: "string", pattern: "^[a-z]+$" }), "ab1")).toBe(
      "must match ^[a-z]+$",
    );
    expect(problemOf(rule({ type: "integer", minimum: 0 }), -1)).toBe(
      "must be a whole number of at least 0",
    );
    expect(problemOf(rule({ type: "number", exclusiveMaximum: 1 }), 1)).toBe("must be less than 1");
    expect(problemOf(rule({ type: "boolean" }), "true")).toBe("must be true or false");
    expect(problemOf(rule({ in: "path", type: "string", minLength: 3 }), "ab")).toBe(
      "must contain at least 3 characters (Unicode code points); got 2",
    );
    expect(problemOf(rule({ type: "string", enum: ["x", "y"] }), "z")).toBe(
      'must be one of "x", "y"',
    );
  });

  it("reads every parameter of every operation from the feed document's table", () => {
    expect(FEED_OPERATIONS.items.params.q).toMatchObject({ minLength: 2, maxLength: 200 });
    for (const [op, { params }] of Object.entries(FEED_OPERATIONS)) {
      for (const [name, paramRule] of Object.entries(params)) {
        if (paramRule.in !== "query" || !("enum" in paramRule)) continue;
        const extra = op === "selectedChanges" ? { cursor: "c" } : {};
        expect(() =>
          validateFeedRequest(op as keyof typeof FEED_OPERATIONS, {
            query: { ...extra, [name]: "not-a-value" },
          }),
        ).toThrowError(invalid(name));
      }
    }
  });
});
