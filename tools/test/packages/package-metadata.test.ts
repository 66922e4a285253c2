// What every publishable package must carry to be published (issue 6 §6), checked for each
// package found in packages/*, so one that lands without them fails here by name.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { publishablePackages, root } from "../../lib/packages.mjs";

const rootManifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const rootLicense = readFileSync(join(root, "LICENSE"), "utf8");
const packages = publishablePackages();

it("the repository's README stays short too (detail lives in the packages' READMEs and guides)", () => {
  expect(readFileSync(join(root, "README.md")).length).toBeLessThanOrEqual(16_000);
});

describe("publishable package metadata", () => {
  it("finds the publishable packages (private ones excluded)", () => {
    const names = packages.map((p) => p.name);
    expect(names).toContain("@feedgate/feed-client");
    expect(names).toContain("@feedgate/gateway-client");
    expect(names).not.toContain("@feedgate/test-harness");
  });

  describe.each(packages.map((p) => [p.name, p] as const))("%s", (_name, pkg) => {
    const m = pkg.manifest;

    it("ships the repository's one licence (LICENSE file and SPDX id)", () => {
      expect(m.license).toBe("MIT");
      expect(readFileSync(join(pkg.dir, "LICENSE"), "utf8")).toBe(rootLicense);
      expect(m.files).toEqual(expect.arrayContaining(["dist"]));
    });

    it("has a README that stays short, with its guides shipped beside it", () => {
      // Reference detail lives in docs/*.md (also pages of the API docs), so a README reads in one sitting.
      expect(
        readFileSync(join(pkg.dir, "README.md")).length,
        `${pkg.relDir}/README.md`,
      ).toBeLessThanOrEqual(16_000);
      if (existsSync(join(pkg.dir, "docs"))) expect(m.files).toContain("docs");
    });

    it("states the Node versions it supports, the same as the workspace", () => {
      expect(m.engines?.node).toBe(rootManifest.engines.node);
    });

    it("points to its source: repository with directory, and homepage", () => {
      expect(m.repository).toMatchObject({ type: "git", directory: pkg.relDir });
      expect(m.repository.url).toMatch(/^git\+https:\/\/.+\.git$/);
      expect(m.homepage).toContain(pkg.relDir);
    });

    it("is ESM-only with types, and public when scoped", () => {
      expect(m.type).toBe("module");
      for (const [subpath, target] of Object.entries<Record<string, string>>(m.exports)) {
        if (subpath === "./package.json") continue;
        // A JSON document (the clients' openapi.json) is data: one file, no types, no module.
        if (subpath.endsWith(".json")) {
          expect(target, subpath).toMatch(/^\.\/dist\/[\w-]+\.json$/);
          continue;
        }
        expect(Object.keys(target), subpath).toEqual(["types", "default"]); // no "require": no CJS build
      }
      if (m.name.startsWith("@")) expect(m.publishConfig?.access).toBe("public");
    });
  });
});
