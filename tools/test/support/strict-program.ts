// A TypeScript program over in-memory files, under the strictest settings a user may have
// (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, verbatimModuleSyntax), with
// every workspace package's entry points resolved to its built .d.ts: how the README examples,
// the 0.1.0 app and the option-shape checks are compiled. Build the packages first.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import ts from "typescript";
import { publishablePackages, root } from "../../lib/packages.mjs";

/**
 * Packages a user installs beside ours (undici, in the gateway README), taken from the
 * workspace package that depends on them.
 */
const THIRD_PARTY: Record<string, string> = { undici: "packages/cli" };

/** Every package entry point to its built declarations, so code imports them by name. */
function entryPaths(): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const pkg of publishablePackages()) {
    for (const [subpath, target] of Object.entries<string | { types?: string }>(
      pkg.manifest.exports ?? {},
    )) {
      if (subpath === "./package.json" || typeof target !== "object" || !target.types) continue;
      paths[subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`] = [
        join(pkg.dir, target.types),
      ];
    }
  }
  for (const [name, dependant] of Object.entries(THIRD_PARTY)) {
    const manifest = createRequire(join(root, dependant, "package.json")).resolve(
      `${name}/package.json`,
    );
    paths[name] = [
      join(manifest, "..", JSON.parse(readFileSync(manifest, "utf8")).types as string),
    ];
  }
  return paths;
}

export const strictOptions: ts.CompilerOptions = {
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
  paths: entryPaths(),
  noEmit: true,
  skipLibCheck: true,
};

/**
 * Compiles the given files (absolute path → source; the paths need not exist, but should lie in
 * a folder whose package.json says `"type": "module"`) and returns each file's diagnostics as
 * "line N: message", plus any outside them under "".
 */
export function compileStrict(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const host = ts.createCompilerHost(strictOptions);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => files.get(file) ?? readFile(file);
  host.fileExists = (file) => files.has(file) || fileExists(file);
  host.getSourceFile = (file, language, onError, create) => {
    const code = files.get(file);
    return code !== undefined
      ? ts.createSourceFile(file, code, language, true)
      : getSourceFile(file, language, onError, create);
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options: strictOptions, host });
  const result = new Map<string, string[]>([...files.keys(), ""].map((file) => [file, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file && files.has(d.file.fileName) ? d.file.fileName : "";
    const line =
      d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    result
      .get(file)!
      .push(
        `${file === "" ? `${d.file?.fileName ?? ""} ` : ""}line ${line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      );
  }
  return result;
}
