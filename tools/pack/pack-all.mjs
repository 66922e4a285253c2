#!/usr/bin/env node
// `pnpm pack:all [--out DIR]`: one installable tarball per publishable package, as
// `pnpm publish` would upload it (workspace: ranges become the sibling tarballs' versions, so
// each tarball's @feedgate/* dependencies are satisfied by the others). The script's turbo step
// builds everything a package ships first, type declarations included; this file refuses to
// pack a package whose entry points or declarations are missing (the Run command's demo build
// writes JavaScript only). Prints the one install line that works.
import { existsSync, mkdirSync } from "node:fs";
import { relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { entryPoints, publishablePackages } from "../lib/packages.mjs";
import { packPublishable } from "./pack.mjs";

const { values } = parseArgs({ options: { out: { type: "string", default: "packs" } } });
const out = resolve(values.out);

/** Files a package's exports promise that are not there (a JavaScript-only build). */
function missingFiles(pkg) {
  const promised = entryPoints(pkg).flatMap(({ file }) => [file, file.replace(/\.js$/, ".d.ts")]);
  return promised.filter((file) => !existsSync(file));
}

const missing = publishablePackages().flatMap(missingFiles);
if (missing.length > 0) {
  console.error(
    `pack:all: not built (run \`pnpm pack:all\`, which builds first, or \`pnpm build\`):\n  ${missing.slice(0, 8).join("\n  ")}`,
  );
  process.exit(1);
}
mkdirSync(out, { recursive: true });
const packed = packPublishable(out);
for (const { name, version, file } of packed)
  console.log(`${name}@${version}  ${relative(process.cwd(), file)}`);
const inHere = relative(process.cwd(), out);
const dir = inHere.startsWith("..") ? out : inHere || ".";
console.log(`
${packed.length} tarballs in ${out}. In your own project (npm):

  npm install ${dir.includes(" ") ? JSON.stringify(dir) : dir}/*.tgz

With pnpm, the tarballs' @feedgate/* dependencies must point at the files too: see the README's
"Use it in your own project".`);
