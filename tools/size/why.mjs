// Where an entry point's bytes go: `pnpm exec node tools/size/why.mjs [specifier ...]`
// (default: the two clients and core). Bundles each entry point as `pnpm size` does (everything
// it exports, minified, dependencies included) and prints each module's share. Gzip does not add
// up per module, so a module's figure is its minified bytes scaled to the whole bundle's
// min+gzip: good for ranking, not exact.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { entryPoints, publishablePackages } from "../lib/packages.mjs";

const entries = new Map(
  publishablePackages()
    .flatMap(entryPoints)
    .map((e) => [e.specifier, e.file]),
);
const wanted = process.argv.slice(2);
const specifiers = wanted.length
  ? wanted
  : ["@feedgate/feed-client", "@feedgate/gateway-client", "@feedgate/core"];

/** A module's path as people name it: the package and its file. */
const shortName = (input) =>
  input
    .replace(/.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, "")
    .replace(/^(?:\.\.\/)*packages\//, "@feedgate/");

for (const specifier of specifiers) {
  const file = entries.get(specifier);
  if (file === undefined) {
    console.error(`why: ${specifier} is not an entry point of a publishable package`);
    process.exitCode = 1;
    continue;
  }
  const { outputFiles, metafile } = await build({
    stdin: { contents: `export * from ${JSON.stringify(file)};`, resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const bytes = outputFiles[0].contents;
  const gzip = gzipSync(bytes).length;
  const modules = Object.entries(Object.values(metafile.outputs)[0].inputs)
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
  console.log(
    `\n${specifier}: ${bytes.length} B minified, ${(gzip / 1000).toFixed(2)} kB min+gzip`,
  );
  console.log("| module | minified | ≈ min+gzip share |\n| --- | ---: | ---: |");
  for (const [input, { bytesInOutput }] of modules) {
    const share = ((bytesInOutput / bytes.length) * gzip) / 1000;
    console.log(`| ${shortName(input)} | ${bytesInOutput} B | ${share.toFixed(2)} kB |`);
  }
}
