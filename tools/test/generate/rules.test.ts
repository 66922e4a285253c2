import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundle, render, TARGETS } from "../../generate.mjs";
import { knownValues, renderRules, rulesOf } from "../../rules.mjs";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const feedSpec = () => JSON.parse(readFileSync(join(ROOT, TARGETS.feed.spec), "utf8"));

/**
 * Bundles a document afresh, as tools/generate.mjs does, and puts the bundle in place only when
 * it differs, by renaming a complete file over it: other packages' tests, running meanwhile,
 * read these bundles and must never see one half written.
 */
function refreshBundle({ api, output }: { api: string; output: string }): void {
  const scratch = mkdtempSync(join(tmpdir(), "feedgate-rules-bundle-"));
  try {
    const fresh = join(scratch, "bundle.json");
    bundle({ api, output: fresh });
    const target = join(ROOT, output);
    const text = readFileSync(fresh, "utf8");
    if (existsSync(target) && readFileSync(target, "utf8") === text) return;
    mkdirSync(dirname(target), { recursive: true });
    const next = `${target}.${process.pid}.tmp`;
    writeFileSync(next, text);
    renameSync(next, target);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe("the rule table generated from a document", () => {
  it("has every operation with its method, path and query/path parameter rules (headers left out)", () => {
    const { operations } = rulesOf(feedSpec());
    expect(Object.keys(operations)).toEqual([
      "codexResets",
      "codexResetsRecent",
      "dailies",
      "dailyByDate",
      "hotTopics",
      "items",
      "latestDaily",
      "selectedChanges",
      "selectedSnapshot",
      "storyByPublicId",
    ]);
    expect(operations.items.method).toBe("get");
    expect(operations.items.path).toBe("/api/v1/items");
    expect(operations.items.params.q).toEqual({
      in: "query",
      required: false,
      type: "string",
      minLength: 2,
      maxLength: 200,
    });
    expect(operations.items.params.mode).toEqual({
      in: "query",
      required: false,
      type: "string",
      enum: ["selected", "all"],
      default: "selected",
    });
    expect(operations.items.params.category.examples).toEqual([
      "ai-models",
      "ai-products",
      "industry",
      "paper",
      "tip",
      "opinion",
    ]);
    expect(operations.selectedSnapshot.params.limit).toMatchObject({
      minimum: 1,
      maximum: 1000,
      default: 500,
    });
    expect(operations.selectedChanges.params.cursor).toEqual({
      in: "query",
      required: true,
      type: "string",
    });
    expect(operations.storyByPublicId.params.publicId).toEqual({
      in: "path",
      required: true,
      type: "string",
      maxLength: 128,
    });
    expect(operations.dailyByDate.params.date).toEqual({
      in: "path",
      required: true,
      type: "string",
      format: "date",
    });
    expect(operations.hotTopics.params).toEqual({});
  });

  it("types the open string parameters from the document's examples: known values autocomplete, any string is allowed", () => {
    expect(knownValues(feedSpec())).toEqual({
      items: { category: ["ai-models", "ai-products", "industry", "paper", "tip", "opinion"] },
    });
    const source = renderRules(feedSpec(), "FEED_RULES", "");
    expect(source).toContain(
      `"category": "ai-models" | "ai-products" | "industry" | "paper" | "tip" | "opinion" | (string & {});`,
    );
    // A parameter with an enum is closed, not open; one without examples has nothing to offer.
    const doc = {
      paths: {
        "/x": {
          get: {
            operationId: "x",
            parameters: [
              { name: "open", in: "query", schema: { type: "string", examples: ["a", "b"] } },
              {
                name: "closed",
                in: "query",
                schema: { type: "string", enum: ["a"], examples: ["a"] },
              },
              { name: "free", in: "query", schema: { type: "string" } },
            ],
          },
        },
      },
    };
    expect(knownValues(doc)).toEqual({ x: { open: ["a", "b"] } });
    expect(renderRules({ paths: {} }, "R", "")).toContain(
      "export type KnownParamValues = Record<string, never>;",
    );
  });

  it("names the enums of the component schemas by where they stand, and sorts every key", () => {
    const { enums } = rulesOf(feedSpec());
    expect(enums["ItemsResponse.query.ordering"]).toEqual(["timelineDesc", "publishedAtDesc"]);
    expect(enums["CodexResetEvent.presentation.status"]).toContain("in_progress");
    expect(Object.keys(enums)).toEqual(Object.keys(enums).sort());
  });

  it("resolves $ref parameters and schemas, lets an operation override a path-level parameter, and refuses a missing operationId", () => {
    const doc = {
      paths: {
        "/things/{id}": {
          parameters: [
            { $ref: "#/components/parameters/Id" },
            { name: "v", in: "query", schema: { type: "string" } },
          ],
          get: {
            operationId: "thing",
            parameters: [
              { name: "v", in: "query", schema: { $ref: "#/components/schemas/V" } },
              { name: "X-Trace", in: "header", schema: { type: "string" } },
            ],
          },
        },
      },
      components: {
        parameters: {
          Id: {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "string", pattern: "^[a-z]+$" },
          },
        },
        schemas: {
          V: { type: "string", enum: ["a", "b"] },
          Thing: {
            type: "object",
            properties: { tags: { type: "array", items: { enum: ["x"] } } },
          },
        },
      },
    };
    expect(rulesOf(doc)).toEqual({
      enums: { "Thing.tags[]": ["x"], V: ["a", "b"] },
      operations: {
        thing: {
          method: "get",
          path: "/things/{id}",
          params: {
            id: { in: "path", required: true, type: "string", pattern: "^[a-z]+$" },
            v: { in: "query", required: false, type: "string", enum: ["a", "b"] },
          },
        },
      },
    });
    expect(() => rulesOf({ paths: { "/x": { get: {} } } })).toThrowError(
      /GET \/x has no operationId/,
    );
  });

  it("the committed rule tables are exactly what the documents generate (the staleness check covers them)", async () => {
    for (const name of ["feed", "gateway"] as const) {
      const target = TARGETS[name];
      if ("bundle" in target) refreshBundle(target.bundle);
      const files = await render(target);
      const rules = join(ROOT, target.pkg, target.rules.output);
      expect(Object.keys(files)).toContain(rules);
      expect(files[rules]).toMatch(/^\/\/ Generated by `pnpm generate`/);
      expect(files[rules]).toContain(`export const ${target.rules.name} = {`);
      expect(readFileSync(rules, "utf8"), rules).toBe(files[rules]);
    }
  });
});

/**
 * The validator the kit builds from a rule table, loaded from `checkout`'s built kit through its
 * public entry point (`@feedgate/kit/feed`), whose `@feedgate/feed-client/rules` is that
 * checkout's feed client.
 */
async function validatorOf(checkout: string): Promise<typeof import("@feedgate/kit/feed")> {
  return import(pathToFileURL(join(checkout, "packages/kit/dist/feed/index.js")).href);
}

/**
 * The same validator built from `clone`'s sources in a fraction of a second (esbuild instead of
 * two tsc builds): the kit's validation module with `@feedgate/feed-client/rules` the clone's
 * freshly generated table.
 */
async function validatorFromSources(clone: string): Promise<typeof import("@feedgate/kit/feed")> {
  const outfile = join(clone, ".tmp", "validate.mjs");
  await build({
    entryPoints: [join(clone, "packages/kit/src/internal/validate/index.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    outfile,
    alias: { "@feedgate/feed-client/rules": join(clone, "packages/feed-client/src/rules.ts") },
    logLevel: "error",
  });
  return import(pathToFileURL(outfile).href);
}

describe("a spec change that tightens a bound changes validation with no other edit (scratch clone)", () => {
  let clone: string;
  const run = (cwd: string, ...args: string[]) =>
    execFileSync(process.execPath, args, {
      cwd,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off" },
    });

  beforeAll(() => {
    clone = mkdtempSync(join(tmpdir(), "feedgate-rules-"));
    execFileSync("git", ["clone", "-q", ROOT, clone]);
    // The generator runs with this checkout's installed dependencies; the kit's sources in the
    // clone resolve @feedgate/core to this checkout's built core (the rule table is aliased).
    for (const dir of ["", "tools"])
      symlinkSync(join(ROOT, dir, "node_modules"), join(clone, dir, "node_modules"));
    mkdirSync(join(clone, "packages/kit/node_modules/@feedgate"), { recursive: true });
    symlinkSync(
      join(ROOT, "packages/core"),
      join(clone, "packages/kit/node_modules/@feedgate/core"),
    );
  }, 60_000);
  afterAll(() => rmSync(clone, { recursive: true, force: true }));

  it("q's maxLength 200 → 100 in specs/feed/openapi-v1.json: regenerated, the kit refuses 150 characters it accepted", async () => {
    const query = { query: { q: "a".repeat(150) } };
    const before = await validatorOf(ROOT);
    expect(before.validateFeedRequest("items", query).query).toEqual({ q: "a".repeat(150) });

    // The upstream structure (the bundle, TARGETS.feed.spec, is built from it and the overlay).
    const specPath = join(clone, "specs/feed/openapi-v1.json");
    const spec = JSON.parse(readFileSync(specPath, "utf8"));
    const q = spec.paths["/api/v1/items"].get.parameters.find(
      (p: { name?: string }) => p.name === "q",
    );
    q.schema.maxLength = 100;
    writeFileSync(specPath, `${JSON.stringify(spec, null, 2)}\n`);
    run(clone, "tools/generate.mjs", "feed");

    // Only the document and what is generated from it changed.
    const changed = execFileSync("git", ["diff", "--name-only"], { cwd: clone, encoding: "utf8" });
    expect(changed.trim().split("\n").sort()).toEqual([
      "packages/feed-client/src/generated/rules.ts",
      "specs/feed/openapi-v1.json",
    ]);

    const after = await validatorFromSources(clone);
    expect(after.FEED_OPERATIONS.items.params.q.maxLength).toBe(100);
    expect(() => after.validateFeedRequest("items", query)).toThrowError(
      expect.objectContaining({ kind: "invalid_request", code: "invalid_argument", param: "q" }),
    );
    expect(() => after.validateFeedRequest("items", query)).toThrowError(
      /q: must contain 2 to 100 characters/,
    );
    expect(after.validateFeedRequest("items", { query: { q: "a".repeat(100) } }).query).toEqual({
      q: "a".repeat(100),
    });
  }, 120_000);
});
