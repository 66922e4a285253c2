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
 * Parsed files shared by every program made here (the libraries, @types/node, the packages'
 * .d.ts): with the tools tests sharing a worker (vitest.shared.ts, `isolate: false`), each is
 * parsed once for the README examples, the option shapes and the 0.1.0 app, not once each.
 */
const documents = ts.createDocumentRegistry();

/**
 * A language service over `files` (absolute path → source, in memory; others read from disk)
 * under {@link strictOptions}, its parsed files shared through one registry.
 */
export function strictLanguageService(
  files: ReadonlyMap<string, string>,
  currentDirectory: string = root,
): ts.LanguageService {
  const readFile = (file: string) => files.get(file) ?? ts.sys.readFile(file);
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => strictOptions,
    getScriptFileNames: () => [...files.keys()],
    // Every file is read once per service: one version is enough.
    getScriptVersion: () => "1",
    getScriptSnapshot: (file) => {
      const code = readFile(file);
      return code === undefined ? undefined : ts.ScriptSnapshot.fromString(code);
    },
    getCurrentDirectory: () => currentDirectory,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => files.has(file) || ts.sys.fileExists(file),
    readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: (path) => ts.sys.realpath?.(path) ?? path,
  };
  return ts.createLanguageService(host, documents);
}

/**
 * Compiles the given files (absolute path → source; the paths need not exist, but should lie in
 * a folder whose package.json says `"type": "module"`) and returns each file's diagnostics as
 * "line N: message", plus any outside them under "".
 */
export function compileStrict(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const program = strictLanguageService(files).getProgram()!;
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
