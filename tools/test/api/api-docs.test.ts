// Hover docs that explain (issue 24, item 6): every exported declaration and member in the API
// reports (packages/*/etc/*.api.md, `pnpm api:update`) carries TSDoc. api-extractor marks any
// without as "(undocumented)"; only the types openapi-typescript generates from the documents
// (`paths`, `components`, `operations`, ...), which describe the wire and not our API, may have it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { publishablePackages } from "../../lib/packages.mjs";

/** The generated interfaces of openapi-typescript, documented by the specs rather than TSDoc. */
const GENERATED = new Set(["paths", "components", "operations", "webhooks", "$defs"]);

function undocumented(report: string): string[] {
  const found: string[] = [];
  let topLevel = "";
  const lines = report.split("\n");
  lines.forEach((line, i) => {
    const declaration =
      /^export (?:declare )?(?:abstract )?(?:function|interface|class|type|const|namespace|enum) ([\w$]+)/.exec(
        line,
      );
    if (declaration) topLevel = declaration[1]!;
    if (!line.includes("(undocumented)")) return;
    const next = lines[i + 1]?.trim() ?? "";
    const name =
      /^export (?:declare )?(?:abstract )?(?:function|interface|class|type|const|namespace|enum) ([\w$]+)/.exec(
        next,
      )?.[1] ?? topLevel;
    if (!GENERATED.has(name)) found.push(`${name}: ${next}`);
  });
  return found;
}

describe("API docs", () => {
  const reports = publishablePackages().flatMap((pkg) =>
    readdirSync(join(pkg.dir, "etc"))
      .filter((file) => file.endsWith(".api.md"))
      .map((file) => [file, readFileSync(join(pkg.dir, "etc", file), "utf8")] as const),
  );

  it("has a report for every package", () => {
    expect(reports.length).toBeGreaterThanOrEqual(publishablePackages().length);
  });

  it.each(reports)("%s: every exported declaration and member has TSDoc", (_file, report) => {
    expect(undocumented(report)).toEqual([]);
  });

  it("names the undocumented declarations it finds", () => {
    const report =
      "// @public (undocumented)\nexport interface Bare {\n    // (undocumented)\n    x: number;\n}\n// @public (undocumented)\nexport interface paths {\n    // (undocumented)\n    a: 1;\n}\n";
    expect(undocumented(report)).toEqual(["Bare: export interface Bare {", "Bare: x: number;"]);
  });
});
