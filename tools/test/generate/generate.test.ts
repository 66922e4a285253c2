import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromRoot } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { render, TARGETS } from "../../generate.mjs";

describe("generated types and their staleness check", () => {
  it("the committed feed types are exactly what the spec generates", async () => {
    for (const [file, content] of Object.entries(await render(TARGETS.feed))) {
      expect(await readFile(file, "utf8"), file).toBe(content);
    }
  });

  it("editing the spec without regenerating makes the committed types stale", async () => {
    const spec = JSON.parse(await readFile(fromRoot(TARGETS.feed.spec), "utf8"));
    spec.components.schemas.Item.properties.feedgateStalenessProbe = { type: "string" };
    const dir = await mkdtemp(join(tmpdir(), "feedgate-stale-"));
    const edited = join(dir, "openapi-v1.json");
    await writeFile(edited, JSON.stringify(spec));
    try {
      const output = fromRoot(TARGETS.feed.pkg, TARGETS.feed.output);
      const regenerated = (await render(TARGETS.feed, { specPath: edited }))[output]!;
      expect(regenerated).toContain("feedgateStalenessProbe");
      expect(await readFile(output, "utf8")).not.toBe(regenerated);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("keeps parameters with defaults optional (defaultNonNullable off)", async () => {
    const types = await readFile(fromRoot(TARGETS.feed.pkg, TARGETS.feed.output), "utf8");
    expect(types).toMatch(/mode\?: "selected" \| "all"/);
    expect(types).toMatch(/limit\?: number/);
  });
});
