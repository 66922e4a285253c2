#!/usr/bin/env node
// Builds what `pnpm demo` runs, and nothing more: the JavaScript of the CLI and of the workspace
// packages it depends on at run time, then the CLI's bundle. The full build (turbo, `pnpm test`)
// also runs `generate`, emits type declarations and source maps, and orders the packages by
// their dependencies, test-only ones included; none of that is needed to run the demo, and on a
// clean clone it was half of the README's Run command (14 s of about 31).
//
// The JavaScript is the same as the full build's: every package compiles with
// `isolatedModules` and `verbatimModuleSyntax` (tsconfig.base.json), so TypeScript's
// per-file `transpileModule` emits what `tsc --noCheck` emits, file by file (a test of the
// tools compares the two). Which files and options come from each package itself: the
// `tsc -p <config>` steps of its `build` script.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CLI = "feedgate";

/** Every workspace package under packages/, by name: its folder and package.json. */
function workspacePackages() {
  const byName = new Map();
  for (const folder of readdirSync(join(root, "packages"))) {
    const dir = join(root, "packages", folder);
    try {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      byName.set(manifest.name, { dir, manifest });
    } catch {
      // Not a package folder.
    }
  }
  return byName;
}

/** `name` and the workspace packages it depends on at run time (dependencies, not devDependencies), transitively. */
export function runtimeClosure(name, packages = workspacePackages()) {
  const seen = new Map();
  const visit = (current) => {
    if (seen.has(current)) return;
    const pkg = packages.get(current);
    if (!pkg) throw new Error(`demo-build: no workspace package named ${current}`);
    // emitJavaScript emits ES modules: what NodeNext emits for a "type": "module" package only.
    if (pkg.manifest.type !== "module")
      throw new Error(`demo-build: ${current} is not "type": "module"`);
    seen.set(current, pkg);
    for (const [dep, range] of Object.entries(pkg.manifest.dependencies ?? {}))
      if (String(range).startsWith("workspace:")) visit(dep);
  };
  visit(name);
  return [...seen].map(([pkgName, pkg]) => ({ name: pkgName, ...pkg }));
}

/** The tsconfig files a package's `build` script compiles (`tools/tsc.mjs -p <file>`), in order. */
export function buildConfigs(manifest) {
  const script = manifest.scripts?.build ?? "";
  return [...script.matchAll(/\btsc(?:\.mjs)?\s+-p\s+(\S+)/g)].map((match) => match[1]);
}

/**
 * The JavaScript `tsc -p <configPath>` emits, without declarations or source maps: each output
 * path with its text. `tsc` would also write `//# sourceMappingURL`; nothing else differs.
 */
export function emitJavaScript(configPath) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error(`demo-build: cannot read ${configPath}`);
  const options = {
    ...parsed.options,
    declaration: false,
    declarationMap: false,
    sourceMap: false,
  };
  // transpileModule sees one file, not the package.json beside it, so it cannot tell that
  // NodeNext means an ES module here (every package is "type": "module"): say so.
  const fileOptions = {
    ...options,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  const outputs = [];
  for (const file of parsed.fileNames) {
    if (file.endsWith(".d.ts")) continue;
    const [out] = ts
      .getOutputFileNames({ ...parsed, options }, file, !ts.sys.useCaseSensitiveFileNames)
      .filter((name) => name.endsWith(".js"));
    if (!out) continue;
    const { outputText } = ts.transpileModule(ts.sys.readFile(file) ?? "", {
      compilerOptions: fileOptions,
      fileName: file,
      reportDiagnostics: false,
    });
    outputs.push({ path: out, text: outputText });
  }
  return outputs;
}

function main() {
  const started = performance.now();
  const packages = runtimeClosure(CLI);
  // The CLI last: its bundle reads the other packages' JavaScript.
  packages.sort((a, b) => Number(a.name === CLI) - Number(b.name === CLI));
  console.log(`demo build: the JavaScript of ${packages.length} packages, then the CLI's bundle`);
  let files = 0;
  for (const pkg of packages) {
    const at = performance.now();
    let count = 0;
    for (const config of buildConfigs(pkg.manifest)) {
      for (const { path, text } of emitJavaScript(join(pkg.dir, config))) {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
        count++;
      }
    }
    files += count;
    console.log(
      `  ${pkg.name.padEnd(26)} ${String(count).padStart(3)} files  ${relative(root, pkg.dir)}/dist  ${((performance.now() - at) / 1000).toFixed(1)} s`,
    );
  }
  const at = performance.now();
  const bundle = spawnSync(process.execPath, ["scripts/bundle.mjs"], {
    cwd: join(root, "packages/cli"),
    stdio: "inherit",
  });
  if (bundle.status !== 0) process.exit(bundle.status ?? 1);
  console.log(
    `  ${"the CLI's bundle".padEnd(26)}            ${((performance.now() - at) / 1000).toFixed(1)} s`,
  );
  console.log(
    `demo build: ${files} files in ${((performance.now() - started) / 1000).toFixed(1)} s (no type declarations: \`pnpm test\` and turbo's build emit those)\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
