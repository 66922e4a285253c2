// No package's modules import each other in a circle (issue 32 §3), checked for every folder in
// packages/* so that a package that lands with a circle fails here by name.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importCycles } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { root } from "../../lib/packages.mjs";

const packages = readdirSync(join(root, "packages"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe("import circles", () => {
  it("finds every package", () => {
    expect(packages).toEqual(expect.arrayContaining(["core", "kit", "mock", "postgres"]));
  });

  it.each(packages)("%s: no module of src/ imports itself through others", (name) => {
    expect(importCycles(join(root, "packages", name, "src"))).toEqual([]);
  });

  it("the check finds a planted circle, type-only included", () => {
    const dir = mkdtempSync(join(tmpdir(), "feedgate-cycles-"));
    try {
      writeFileSync(join(dir, "a.ts"), 'import { b } from "./b.js";\nexport const a = b;\n');
      writeFileSync(
        join(dir, "b.ts"),
        'import type { C } from "./c.js";\nexport const b: C = 1;\n',
      );
      writeFileSync(join(dir, "c.ts"), 'export type { A } from "./a.js";\nexport type C = 1;\n');
      expect(importCycles(dir)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
