// One table of every `FEEDGATE_*` variable a package reads (issue 32, item 2): core's `ENV`
// (the clients') and `TOOL_ENV` (the CLI's, the MCP server's, the PostgreSQL store's). Product
// code names a variable through them, never as a string of its own.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { root } from "../../lib/packages.mjs";

const TABLE = "packages/core/src/internal/env.ts";
const SOURCES = execFileSync("git", ["ls-files", "packages/*/src/*.ts", "packages/*/src/**/*.ts"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  // The test harness's own variables (where the recorded payloads are) are the suite's, not a product's.
  .filter((file) => file && file !== TABLE && !file.startsWith("packages/test-harness/"));

it("no product source spells a FEEDGATE_* name as a string of its own", () => {
  const spelled = SOURCES.flatMap((file) =>
    [...readFileSync(join(root, file), "utf8").matchAll(/["']FEEDGATE_[A-Z_]+["']/g)].map(
      (m) => `${file}: ${m[0]}`,
    ),
  );
  expect(spelled).toEqual([]);
  expect(readFileSync(join(root, TABLE), "utf8")).toContain('store: "FEEDGATE_STORE"');
});
