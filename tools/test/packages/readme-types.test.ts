// Every TypeScript example of every package README and guide (and the root README) compiles under the
// strictest settings a user may have: strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess
// and verbatimModuleSyntax, against the packages' built .d.ts (issue 24, item 4). Each ```ts block
// is its own module, as a user would paste it into a file. Runs on dist/ (build first).
import { existsSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { packageDocs, publishablePackages, root } from "../../lib/packages.mjs";
import { compileStrict } from "../support/strict-program.js";

interface Example {
  readme: string;
  line: number;
  file: string;
  code: string;
}

/** The ```ts blocks of a README, each as a module file inside the package (so its own dependencies resolve). */
function examplesOf(readme: string, dir: string, label: string, prefix = "example"): Example[] {
  if (!existsSync(readme)) return [];
  const text = readFileSync(readme, "utf8");
  return [...text.matchAll(/^```(?:ts|typescript)\n([\s\S]*?)^```/gm)].map((match, i) => ({
    readme: label,
    line: text.slice(0, match.index).split("\n").length,
    file: join(dir, ".readme-types", `${prefix}-${i + 1}.ts`),
    // `export {}` makes every block a module, as a file of the user's own would be.
    code: `${match[1]}\nexport {};\n`,
  }));
}

const examples = [
  ...publishablePackages().flatMap((pkg) =>
    packageDocs(pkg.dir).flatMap(({ file }) =>
      examplesOf(file, pkg.dir, relative(root, file), basename(file, ".md")),
    ),
  ),
  ...examplesOf(
    join(root, "README.md"),
    join(root, "packages", "kit", ".readme-root"),
    "README.md",
  ),
];

describe("README examples compile under the strictest settings", () => {
  const found = compileStrict(new Map(examples.map((e) => [e.file, e.code])));

  it("finds the examples of every README that has TypeScript, postgres's included", () => {
    expect(
      examples.filter((e) => e.readme === "packages/postgres/README.md").length,
    ).toBeGreaterThan(0);
    expect(examples.length).toBeGreaterThan(20);
  });

  it.each(examples.map((e) => [`${e.readme}:${e.line}`, e] as const))("%s", (_where, example) => {
    expect(found.get(example.file)).toEqual([]);
  });

  it("reports nothing outside the examples (no error in a package's .d.ts under these settings)", () => {
    expect(found.get("")).toEqual([]);
  });
});
