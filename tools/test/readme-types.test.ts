// Every TypeScript example of every package README (and the root README) compiles under the
// strictest settings a user may have: strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess
// and verbatimModuleSyntax, against the packages' built .d.ts (issue 24, item 4). Each ```ts block
// is its own module, as a user would paste it into a file. Runs on dist/ (build first).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { publishablePackages, root } from "../lib/packages.mjs";

const packages = publishablePackages();

/** Every package entry point to its built declarations, so examples import them by name. */
const paths = Object.fromEntries(
  packages.flatMap((pkg) =>
    Object.entries<string | { types?: string }>(pkg.manifest.exports ?? {})
      .filter(([subpath, target]) => subpath !== "./package.json" && typeof target === "object" && target.types)
      .map(([subpath, target]) => [subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`, [join(pkg.dir, (target as { types: string }).types)]]),
  ),
);

/**
 * Packages an example has the user install beside ours (undici, in the gateway README), taken
 * from the workspace package that depends on them.
 */
const THIRD_PARTY: Record<string, string> = { undici: "packages/cli" };
for (const [name, dependant] of Object.entries(THIRD_PARTY)) {
  const manifest = createRequire(join(root, dependant, "package.json")).resolve(`${name}/package.json`);
  const types = JSON.parse(readFileSync(manifest, "utf8")).types as string;
  paths[name] = [join(manifest, "..", types)];
}

const options: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: ["node"],
  typeRoots: [join(root, "node_modules", "@types")],
  paths,
  noEmit: true,
  skipLibCheck: true,
};

interface Example {
  readme: string;
  line: number;
  file: string;
  code: string;
}

/** The ```ts blocks of a README, each as a module file inside the package (so its own dependencies resolve). */
function examplesOf(readme: string, dir: string, label: string): Example[] {
  if (!existsSync(readme)) return [];
  const text = readFileSync(readme, "utf8");
  return [...text.matchAll(/^```(?:ts|typescript)\n([\s\S]*?)^```/gm)].map((match, i) => ({
    readme: label,
    line: text.slice(0, match.index).split("\n").length,
    file: join(dir, ".readme-types", `example-${i + 1}.ts`),
    // `export {}` makes every block a module, as a file of the user's own would be.
    code: `${match[1]}\nexport {};\n`,
  }));
}

const examples = [
  ...packages.flatMap((pkg) => examplesOf(join(pkg.dir, "README.md"), pkg.dir, `${pkg.relDir}/README.md`)),
  ...examplesOf(join(root, "README.md"), join(root, "packages", "kit", ".readme-root"), "README.md"),
];

function diagnostics(): Map<string, string[]> {
  const byFile = new Map(examples.map((e) => [e.file, e]));
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => byFile.get(file)?.code ?? readFile(file);
  host.fileExists = (file) => byFile.has(file) || fileExists(file);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError, create) => {
    const example = byFile.get(file);
    return example ? ts.createSourceFile(file, example.code, language, true) : getSourceFile(file, language, onError, create);
  };
  const program = ts.createProgram({ rootNames: examples.map((e) => e.file), options, host });
  const result = new Map<string, string[]>(examples.map((e) => [e.file, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? "";
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    const list = result.get(file) ?? result.get("") ?? [];
    list.push(`line ${line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    if (!result.has(file)) result.set(file, list);
  }
  return result;
}

describe("README examples compile under the strictest settings", () => {
  const found = diagnostics();

  it("finds the examples of every README that has TypeScript, postgres's included", () => {
    expect(examples.filter((e) => e.readme === "packages/postgres/README.md").length).toBeGreaterThan(0);
    expect(examples.length).toBeGreaterThan(20);
  });

  it.each(examples.map((e) => [`${e.readme}:${e.line}`, e] as const))("%s", (_where, example) => {
    expect(found.get(example.file)).toEqual([]);
  });

  it("reports nothing outside the examples (no error in a package's .d.ts under these settings)", () => {
    expect([...found].filter(([file]) => !examples.some((e) => e.file === file)).flatMap(([, list]) => list)).toEqual([]);
  });
});
