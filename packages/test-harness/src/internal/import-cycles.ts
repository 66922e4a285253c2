import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import type * as TypeScript from "typescript";

/**
 * The import circles among the TypeScript modules under `dir`, each as the list of files (paths
 * relative to `dir`) around it, first file repeated at the end; empty when there is none. Every
 * relative specifier counts, type-only imports and re-exports included (a circle of types still
 * ties the modules together); specifiers are resolved with TypeScript's own module resolution,
 * so `./x.js` finds `./x.ts`. Imports of packages are not followed.
 */
export function importCycles(dir: string): string[][] {
  // Loaded here, not with the harness (0.7 s of CPU in every process that imports it).
  const ts: typeof TypeScript = createRequire(import.meta.url)("typescript");
  const files = listTs(dir);
  const options: TypeScript.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowJs: false,
  };
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets: string[] = [];
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
      if (resolved !== undefined && files.includes(resolved.resolvedFileName))
        targets.push(resolved.resolvedFileName);
    }
    edges.set(file, targets);
  }
  // Depth-first search; a back edge to a module on the current path closes a circle.
  const cycles: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): void => {
    if (done.has(file)) return;
    const at = path.indexOf(file);
    if (at >= 0) {
      cycles.push([...path.slice(at), file].map((f) => relative(dir, f)));
      return;
    }
    path.push(file);
    for (const next of edges.get(file) ?? []) visit(next);
    path.pop();
    done.add(file);
  };
  for (const file of files) visit(file);
  return cycles;
}

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}
