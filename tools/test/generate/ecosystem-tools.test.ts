// Both bundled documents work in the ecosystem's tools (issue 20 item 10): `spectral:oas` finds no
// error, and the clients @hey-api/openapi-ts and orval generate from them compile under
// `tsc --strict`. The documents are bundled afresh into a temporary directory, as tools/generate.mjs
// bundles them, so the test checks the overlay and specs as they are now.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { fromRoot } from "@feedgate/test-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundle, TARGETS } from "../../generate.mjs";

const run = promisify(execFile);
/** A tool's entry point, as pnpm installed it for this package. */
const bin = (pkg: string, entry: string) => fromRoot("tools/node_modules", pkg, entry);
const DOCS = ["feed", "gateway"] as const;

let dir = "";
const docPath = (name: (typeof DOCS)[number]) => join(dir, `${name}.json`);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "feedgate-ecosystem-"));
  for (const name of DOCS) bundle({ api: TARGETS[name].bundle.api, output: docPath(name) });
}, 300_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the bundled documents in the ecosystem's tools", () => {
  it("pass spectral:oas with 0 errors", async () => {
    const ruleset = join(dir, ".spectral.yaml");
    await writeFile(ruleset, 'extends: ["spectral:oas"]\n');
    const out = join(dir, "spectral.json");
    // Both documents in one run (one start of the CLI and its ruleset); each result names its
    // document. Exit code 1 means errors: read the report either way and assert on it.
    await run(process.execPath, [
      bin("@stoplight/spectral-cli", "dist/index.js"),
      "lint",
      ...DOCS.map(docPath),
      "-r",
      ruleset,
      "-f",
      "json",
      "-o",
      out,
      "-q",
    ]).catch(() => undefined);
    const results = JSON.parse(await readFile(out, "utf8")) as Array<{
      severity: number;
      code: string;
      path: string[];
      source?: string;
    }>;
    for (const name of DOCS) {
      const errors = results
        .filter((r) => r.severity === 0 && r.source === docPath(name))
        .map((r) => `${r.code} ${r.path.join(".")}`);
      expect(errors, name).toEqual([]);
    }
    // Every error belongs to one of the two documents (none is lost to a mismatched source).
    expect(
      results.filter((r) => r.severity === 0 && !DOCS.map(docPath).includes(r.source ?? "")),
    ).toEqual([]);
  }, 300_000);

  it("generate clients with @hey-api/openapi-ts and orval (fetch client) that compile under tsc --strict", async () => {
    // Each generator once for both documents (a config with one job per document): its start
    // costs more CPU than a document's generation.
    const hey = DOCS.map((name) => ({ input: docPath(name), output: join(dir, `hey-${name}`) }));
    await writeFile(join(dir, "openapi-ts.config.mjs"), `export default ${JSON.stringify(hey)};\n`);
    const orval = Object.fromEntries(
      DOCS.map((name) => [
        name,
        {
          input: docPath(name),
          output: { target: join(dir, `orval-${name}`, "api.ts"), client: "fetch" },
        },
      ]),
    );
    await writeFile(join(dir, "orval.config.mjs"), `export default ${JSON.stringify(orval)};\n`);
    await Promise.all([
      run(
        process.execPath,
        [bin("@hey-api/openapi-ts", "bin/run.js"), "-f", join(dir, "openapi-ts.config.mjs")],
        { cwd: dir },
      ),
      run(
        process.execPath,
        [bin("orval", "dist/bin/orval.mjs"), "--config", join(dir, "orval.config.mjs")],
        { cwd: dir },
      ),
    ]);
    const tsconfig = {
      compilerOptions: {
        strict: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: DOCS.flatMap((name) => [`hey-${name}/**/*.ts`, `orval-${name}/**/*.ts`]),
    };
    await writeFile(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    // The current compiler, TypeScript 7 (native; the root's `typescript-7`).
    const compiled = await run(process.execPath, [
      fromRoot("node_modules", "typescript-7", "bin/tsc"),
      "-p",
      join(dir, "tsconfig.json"),
    ]).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(compiled).toBe("");
  }, 300_000);
});
