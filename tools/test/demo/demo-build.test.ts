// The demo's build (tools/demo-build.mjs) emits each package's JavaScript file by file, without
// turbo, declarations or source maps: it must emit exactly what the full build's `tsc` emitted
// (read from the packages' dist/, which this suite's turbo task builds first).
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { buildConfigs, emitJavaScript, runtimeClosure } from "../../demo-build.mjs";
import { root } from "../../lib/packages.mjs";

const packages = runtimeClosure("feedgate");

describe("the demo's build", () => {
  it("builds the CLI and the workspace packages it runs on, not the test-only ones", () => {
    expect(packages.map((p) => p.name).sort()).toEqual([
      "@feedgate/core",
      "@feedgate/feed-client",
      "@feedgate/gateway-client",
      "@feedgate/kit",
      "@feedgate/mcp",
      "@feedgate/mock",
      "@feedgate/postgres",
      "feedgate",
    ]);
  });

  it.each(packages.map((p) => [p.name, p] as const))(
    "emits the JavaScript of %s exactly as its build's tsc did",
    (_name, pkg) => {
      const configs = buildConfigs(pkg.manifest);
      expect(configs.length).toBeGreaterThan(0);
      let compared = 0;
      for (const config of configs) {
        for (const { path, text } of emitJavaScript(`${pkg.dir}/${config}`)) {
          // The CLI's bin.js is replaced by its bundle after tsc.
          if (relative(root, path) === "packages/cli/dist/bin.js") continue;
          const built = readFileSync(path, "utf8").replace(/\n\/\/# sourceMappingURL=\S+$/, "\n");
          expect(text, relative(root, path)).toBe(built);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(3);
    },
  );
});
