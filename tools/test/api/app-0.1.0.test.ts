// An app written against the 0.1.0 API (tools/release-test/fixtures/app-0.1.0), type-checked
// against the workspace packages' built .d.ts. The 0.1.0 names lived on, deprecated, for the 0.2
// minor and are gone since: each error the app now gets is at a name that a migration table
// (a package CHANGELOG's "Migrating from 0.1.0", or a pending changeset) tells how to replace.
// The `retry` option of createFeedKit stays deprecated until a major: still struck through.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { root } from "../../lib/packages.mjs";
import { strictLanguageService } from "../support/strict-program.js";

const appDir = join(root, "tools", "release-test", "fixtures", "app-0.1.0");
const files = readdirSync(appDir)
  .filter((f) => f.endsWith(".ts"))
  .map((f) => join(appDir, f));
/**
 * The strictest settings a user may have, with every package resolved to its built .d.ts (as the
 * README examples are checked); the files are read from disk.
 */
function languageService(): ts.LanguageService {
  return strictLanguageService(
    new Map(files.map((file) => [file, ts.sys.readFile(file) ?? ""])),
    appDir,
  );
}

describe("an app written against the 0.1.0 API", () => {
  const service = languageService();

  /** Every package CHANGELOG and pending changeset: where migration tables live. */
  const migrationText = [
    ...readdirSync(join(root, "packages")).map((p) => join(root, "packages", p, "CHANGELOG.md")),
    ...readdirSync(join(root, ".changeset"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => join(root, ".changeset", f)),
  ]
    .map((file) => ts.sys.readFile(file) ?? "")
    .join("\n");
  /** The name a diagnostic points at: `type X` in an import, `X<T>` in a type reference. */
  const nameAt = (file: string, d: ts.Diagnostic) =>
    readFileSync(file, "utf8")
      .slice(d.start, d.start! + d.length!)
      .replace(/^type |<.*$/gs, "");

  it("fails only at removed 0.1.0 names, each named in a migration table", () => {
    const errors = files.flatMap((file) =>
      service
        .getSemanticDiagnostics(file)
        .concat(service.getSyntacticDiagnostics(file))
        .map((d) => nameAt(file, d)),
    );
    expect(errors.length).toBeGreaterThan(0);
    // Named in code in a table row: `X`, `X(e)`, `gateway.images.X(...)`.
    const named = (name: string) =>
      new RegExp(`\\|[^\\n]*\`[^\`\\n]*\\b${name}\\b`).test(migrationText);
    const unexplained = [...new Set(errors)].filter((name) => !named(name));
    expect(unexplained).toEqual([]);
    for (const name of ["readProblem", "fromFeedProblem", "isGatewayError", "buildImageRequest"])
      expect(errors, name).toContain(name);
  });

  it("still strikes through the deprecated retry option (createFeedKit's overload)", () => {
    const deprecated = files.flatMap((file) =>
      service
        .getSuggestionDiagnostics(file)
        .filter((d) => d.code === 6385 || d.code === 6387)
        .map((d) => nameAt(file, d)),
    );
    expect(deprecated).toContain("createFeedKit");
  });
});
