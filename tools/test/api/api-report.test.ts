import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportName, runReports } from "../../api/report.mjs";
import { exportedNames } from "../../changesets/check.mjs";

let repo: string;

/** A module augmentation, as a client declares its error body on core's error family. */
const augmentation = (field: string) =>
  `declare module "@x/core/errors" {\n    interface Bodies {\n        ${field}: string;\n    }\n}\nexport {};\n`;

function write(path: string, content: string): void {
  mkdirSync(join(repo, path, ".."), { recursive: true });
  writeFileSync(join(repo, path), content);
}

describe("API reports (tools/api/report.mjs)", () => {
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), "feedgate-api-report-"));
    const exports = {
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      "./extra": { types: "./dist/extra.d.ts", default: "./dist/extra.js" },
      "./package.json": "./package.json",
    };
    write(
      "packages/lib/package.json",
      JSON.stringify({ name: "@x/lib", version: "0.1.0", exports }),
    );
    write(
      "packages/lib/dist/index.d.ts",
      "/** Says a. @public */\nexport declare function a(): void;\n",
    );
    write(
      "packages/lib/dist/extra.d.ts",
      "/** @public */\nexport interface Extra { readonly value: number }\n",
    );
    write("packages/lib/dist/internal/bodies.d.ts", augmentation("problem"));
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("names a report after the package and its subpath", () => {
    expect(reportName("@feedgate/kit", ".")).toBe("kit");
    expect(reportName("@feedgate/kit", "./node")).toBe("kit-node");
    expect(reportName("feedgate", ".")).toBe("feedgate");
  });

  it("writes one report per entry point, then fails the check when the exported surface changes", () => {
    const written = runReports({ update: true, repoRoot: repo });
    expect(written.map((r) => [r.name, r.errors])).toEqual([
      ["lib", []],
      ["lib-extra", []],
      // api-extractor leaves module augmentations out: the package gets a report of them.
      ["lib.augmentations", []],
    ]);
    const augmentations = readFileSync(
      join(repo, "packages/lib/etc/lib.augmentations.api.md"),
      "utf8",
    );
    expect(augmentations).toContain(
      '// dist/internal/bodies.d.ts\ndeclare module "@x/core/errors"',
    );
    expect(augmentations).toContain("problem: string;");
    const report = readFileSync(join(repo, "packages/lib/etc/lib.api.md"), "utf8");
    expect([...exportedNames(report)]).toEqual(["a"]);
    expect([
      ...exportedNames(readFileSync(join(repo, "packages/lib/etc/lib-extra.api.md"), "utf8")),
    ]).toEqual(["Extra"]);

    expect(runReports({ update: false, repoRoot: repo }).map((r) => r.changed)).toEqual([
      false,
      false,
    ]);
    write(
      "packages/lib/dist/index.d.ts",
      "/** Says b. @public */\nexport declare function b(): void;\n",
    );
    write("packages/lib/dist/internal/bodies.d.ts", augmentation("envelope"));
    expect(runReports({ update: false, repoRoot: repo }).map((r) => r.changed)).toEqual([
      true,
      false,
      true,
    ]);
    // The check leaves the committed reports alone.
    expect(readFileSync(join(repo, "packages/lib/etc/lib.api.md"), "utf8")).toBe(report);
    expect(readFileSync(join(repo, "packages/lib/etc/lib.augmentations.api.md"), "utf8")).toBe(
      augmentations,
    );
  });
});
