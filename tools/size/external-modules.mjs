// An esbuild plugin that leaves out every module another entry point already bundles, so
// a size check measures only what one entry point adds on top of the other.
import { build } from "esbuild";

/** Absolute paths of every module esbuild bundles for `entries`. */
async function modulesOf(entries, platform) {
  const { metafile } = await build({
    entryPoints: entries,
    outdir: "/dev/null",
    bundle: true,
    write: false,
    metafile: true,
    platform,
    logLevel: "silent",
  });
  return new Set(
    Object.keys(metafile.inputs).map(
      (input) => new URL(input, `file://${process.cwd()}/`).pathname,
    ),
  );
}

/**
 * @param {string[]} baseEntries  the entry points whose modules are taken as already present
 * @param {"browser" | "node"} platform
 * @returns {Promise<import("esbuild").Plugin>}
 */
export async function externalModulesOf(baseEntries, platform) {
  const present = await modulesOf(baseEntries, platform);
  return {
    name: "external-modules-of-base-entry",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === "resolving") return undefined; // our own build.resolve() below
        const resolved = await pluginBuild.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: "resolving",
        });
        return present.has(resolved.path) ? { path: args.path, external: true } : undefined;
      });
    },
  };
}
