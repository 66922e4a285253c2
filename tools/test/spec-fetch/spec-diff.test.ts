import { readFile } from "node:fs/promises";
import { fromRoot } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { diffSpecs, formatDiff } from "../../lib/spec-diff.mjs";

const load = async () => JSON.parse(await readFile(fromRoot("specs/feed/openapi-v1.json"), "utf8"));

describe("structural spec diff", () => {
  it("finds nothing between a document and itself", async () => {
    const doc = await load();
    expect(diffSpecs(doc, await load())).toEqual({ breaking: [], compatible: [] });
    expect(formatDiff({ breaking: [], compatible: [] })).toMatch(/No structural differences/);
  });

  it("ignores descriptions: only structure matters", async () => {
    const after = await load();
    after.info.description = "reworded";
    after.components.schemas.Item.description = "reworded";
    expect(diffSpecs(await load(), after)).toEqual({ breaking: [], compatible: [] });
  });

  it("classifies removals and re-typings as breaking", async () => {
    const after = await load();
    delete after.paths["/api/v1/hot-topics"];
    delete after.components.schemas.Item.properties.summary;
    after.components.schemas.Page.properties.count = { type: "string" };
    const { breaking } = diffSpecs(await load(), after);
    expect(breaking).toContain("operation removed: GET /api/v1/hot-topics");
    expect(breaking).toContain("schema Item: property removed: summary");
    expect(breaking).toContain("schema Page.count: type integer -> string");
  });

  it("classifies additions as compatible, and a new required parameter as breaking", async () => {
    const after = await load();
    after.components.schemas.Item.properties.language = { type: "string" };
    after.paths["/api/v1/dailies"].get.parameters.push({
      name: "lang",
      in: "query",
      required: true,
      schema: { type: "string" },
    });
    after.paths["/api/v1/dailies"].get.parameters.push({
      name: "tz",
      in: "query",
      schema: { type: "string" },
    });
    const { breaking, compatible } = diffSpecs(await load(), after);
    expect(compatible).toContain("schema Item: property added: language");
    expect(compatible).toContain("GET /api/v1/dailies: parameter added: query:tz");
    expect(breaking).toContain("GET /api/v1/dailies: parameter added (required): query:lang");
  });

  it("treats a tightened bound and a removed enum value of a parameter as breaking", async () => {
    const after = await load();
    const params = after.paths["/api/v1/items"].get.parameters;
    const limit = params.find((p: { name?: string }) => p.name === "limit");
    limit.schema.maximum = 10;
    const mode = params.find((p: { name?: string }) => p.name === "mode");
    mode.schema.enum = ["selected"];
    const { breaking } = diffSpecs(await load(), after);
    expect(
      breaking.some((c) => c.startsWith("GET /api/v1/items: parameter query:limit maximum")),
    ).toBe(true);
    expect(breaking).toContain(
      'GET /api/v1/items: parameter query:mode enum values removed: "all"',
    );
  });
});
