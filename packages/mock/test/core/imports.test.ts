import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../../src/internal", import.meta.url));

describe("the mock's module graph", () => {
  it("keeps the core generic: no core module imports a fake's own modules or rule tables", () => {
    const core = join(SRC, "core");
    for (const name of readdirSync(core)) {
      const text = readFileSync(join(core, name), "utf8");
      expect(text, name).not.toMatch(/from "\.\.\/(feed|gateway)\//);
      expect(text, name).not.toMatch(/from "@feedgate\/(feed|gateway)-client/);
    }
  });
});
