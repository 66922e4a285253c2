// Issue 34, item 2: from a clone into one's own project. `pnpm pack:all --out DIR` builds what
// the packages ship (declarations included) and writes one tarball per publishable package;
// the README's line `npm install DIR/*.tgz` then works in a fresh npm project, and a fresh pnpm
// project works with the overrides the README gives. Both compile a strict consumer that
// imports every public entry point. Third-party dependencies come from a registry on
// 127.0.0.1 that serves the workspace's own copies: nothing is downloaded.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryPoints, publishablePackages, root } from "../lib/packages.mjs";
import { startLocalRegistry } from "../pack/local-registry.mjs";
import { packDependencies } from "../pack/pack.mjs";

const temps: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
let out: string;
let tarballs: string[];
let registry: Awaited<ReturnType<typeof startLocalRegistry>>;

async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      cwd,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      timeout: 300_000,
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, output: `${e.stdout}${e.stderr}` };
  }
}

/** A fresh project with a strict consumer of every public entry point. */
function freshProject(prefix: string): string {
  const dir = temp(prefix);
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "mine", private: true, type: "module" }),
  );
  const entries = publishablePackages()
    .flatMap(entryPoints)
    .map((e) => e.specifier);
  writeFileSync(
    join(dir, "index.ts"),
    `${entries.map((e, i) => `import * as entry${i} from ${JSON.stringify(e)};`).join("\n")}\nexport const all = [${entries.map((_, i) => `entry${i}`).join(", ")}];\n`,
  );
  const compilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    target: "es2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    types: ["node"],
    lib: ["es2022", "dom"],
    noEmit: true,
  };
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions, files: ["index.ts"] }),
  );
  return dir;
}

const TSC = join(root, "node_modules", "typescript-7", "bin", "tsc");
const registryEnv = () => ({
  npm_config_registry: registry.url,
  npm_config_update_notifier: "false",
});

beforeAll(async () => {
  out = temp("feedgate-packs-");
  const packed = await run("pnpm", ["pack:all", "--out", out], root);
  expect(packed.code, packed.output).toBe(0);
  expect(packed.output).toContain(`npm install ${out}/*.tgz`);
  tarballs = readdirSync(out)
    .filter((f) => f.endsWith(".tgz"))
    .map((f) => join(out, f));
  registry = await startLocalRegistry(packDependencies(temp("feedgate-deps-"), ["@types/node"]));
});
afterAll(async () => {
  await registry?.close();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe("pnpm pack:all, then into one's own project", () => {
  it("writes one tarball per publishable package, each with its type declarations", async () => {
    expect(tarballs).toHaveLength(publishablePackages().length);
    for (const tarball of tarballs) {
      const listing = await run("tar", ["-tzf", tarball], out);
      expect(listing.output, tarball).toMatch(/package\/dist\/.*\.d\.ts/);
    }
  });

  it("each tarball's CHANGELOG opens with its version, and the packages of the 0.1.0 preview carry the migration table there", async () => {
    const PREVIEW = [
      "@feedgate/feed-client",
      "@feedgate/gateway-client",
      "@feedgate/kit",
      "feedgate",
    ];
    for (const pkg of publishablePackages()) {
      const tarball = tarballs.find(
        (t) =>
          t.endsWith(`-${pkg.version}.tgz`) &&
          t.includes(pkg.name.replace("@", "").replace("/", "-")),
      )!;
      const changelog = await run("tar", ["-xzOf", tarball, "package/CHANGELOG.md"], out);
      const top = changelog.output.split(/^## /m)[1] ?? "";
      expect(top.split("\n")[0], pkg.name).toBe(pkg.version);
      if (PREVIEW.includes(pkg.name)) expect(top, pkg.name).toMatch(/### Migrating from 0\.1\.0\n/);
    }
  });

  it("npm install DIR/*.tgz in a fresh npm project, and a strict consumer of every entry point compiles", async () => {
    const project = freshProject("feedgate-npm-project-");
    const npmFlags = [
      "--no-audit",
      "--no-fund",
      `--cache=${temp("feedgate-npm-cache-")}`,
      "--ignore-scripts",
    ];
    const installed = await run(
      "npm",
      ["install", ...npmFlags, ...tarballs, "@types/node"],
      project,
      registryEnv(),
    );
    expect(installed.code, installed.output).toBe(0);
    const compiled = await run(process.execPath, [TSC, "-p", "."], project);
    expect(compiled.code, compiled.output).toBe(0);
  });

  it("pnpm add DIR/*.tgz with the README's overrides in a fresh pnpm project, and the same consumer compiles", async () => {
    const project = freshProject("feedgate-pnpm-project-");
    const overrides = Object.fromEntries(
      publishablePackages().map((pkg) => {
        const file = tarballs.find((t) =>
          t.includes(`${pkg.name.replace("@", "").replace("/", "-")}-${pkg.version}.tgz`),
        );
        return [pkg.name, `file:${file}`];
      }),
    );
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "mine", private: true, type: "module", pnpm: { overrides } }),
    );
    const installed = await run(
      "pnpm",
      [
        "add",
        `--store-dir=${temp("feedgate-pnpm-store-")}`,
        "--config.ignore-scripts=true",
        ...tarballs,
        "@types/node",
      ],
      project,
      registryEnv(),
    );
    expect(installed.code, installed.output).toBe(0);
    const compiled = await run(process.execPath, [TSC, "-p", "."], project);
    expect(compiled.code, compiled.output).toBe(0);
  });
});
