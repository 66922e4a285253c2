// The publish dry run: `changeset publish` has none, and it publishes with `pnpm publish`,
// which packs exactly like `pnpm pack`. So the tarballs of the global setup are what would be
// uploaded: check the set of packages, their versions, their rewritten internal
// dependencies and their contents.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { publishablePackages, root } from "../lib/packages.mjs";
import { manifestOf } from "../pack/local-registry.mjs";

const packed = inject("packed");
const workspace = publishablePackages();
const versions = new Map(workspace.map((p) => [p.name, p.version]));

describe("publish dry run (pnpm pack, as changeset publish would upload)", () => {
  it("publishes exactly the non-private packages, each at its workspace version", () => {
    expect(packed.map((p) => `${p.name}@${p.version}`).sort()).toEqual(
      workspace.map((p) => `${p.name}@${p.version}`).sort(),
    );
  });

  describe.each(packed.map((p) => [p.name, p] as const))("%s", (name, tarball) => {
    const manifest = manifestOf(tarball.file);
    const files = execFileSync("tar", ["-tzf", tarball.file], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean);

    it("rewrites workspace: ranges to the exact versions of the packages published with it", () => {
      for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
        for (const [dep, range] of Object.entries<string>(manifest[field] ?? {})) {
          expect(range, `${field}.${dep}`).not.toMatch(/^workspace:/);
          if (versions.has(dep)) expect(range, `${field}.${dep}`).toBe(versions.get(dep));
        }
      }
      expect(
        JSON.stringify(manifest),
        "no workspace: range anywhere, devDependencies included",
      ).not.toContain("workspace:");
    });

    it("contains package.json, README, LICENSE, CHANGELOG and every file its exports and bin point to", () => {
      expect(files).toEqual(
        expect.arrayContaining([
          "package/package.json",
          "package/LICENSE",
          "package/README.md",
          "package/CHANGELOG.md",
        ]),
      );
      const targets = Object.values<Record<string, string> | string>(
        manifest.exports ?? {},
      ).flatMap((t) => (typeof t === "string" ? [t] : Object.values(t)));
      const bins =
        typeof manifest.bin === "string"
          ? [manifest.bin]
          : Object.values<string>(manifest.bin ?? {});
      for (const target of [...targets, ...bins])
        expect(files, name).toContain(`package/${target.replace(/^\.\//, "")}`);
      expect(
        files.filter((f) => /\/test\/|\.test\.ts$|\.tsbuildinfo$/.test(f)),
        "no tests or build state",
      ).toEqual([]);
    });
  });

  it("releases with public access from main, bumping internal dependants together", () => {
    const config = JSON.parse(readFileSync(join(root, ".changeset", "config.json"), "utf8"));
    expect(config).toMatchObject({
      access: "public",
      baseBranch: "main",
      updateInternalDependencies: "patch",
    });
    expect(config.privatePackages).toEqual({ version: false, tag: false });
  });
});
