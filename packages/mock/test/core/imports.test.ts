import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { importCycles } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../../src", import.meta.url));

describe("the mock's module graph", () => {
  it("has no import circle (type-only imports included)", () => {
    expect(importCycles(SRC)).toEqual([]);
  });

  it("keeps the core generic: no core module imports a fake's own modules or rule tables", () => {
    const core = join(SRC, "core");
    for (const name of readdirSync(core)) {
      const text = readFileSync(join(core, name), "utf8");
      expect(text, name).not.toMatch(/from "\.\.\/(feed|gateway)\//);
      expect(text, name).not.toMatch(/from "@feedgate\/(feed|gateway)-client/);
    }
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
