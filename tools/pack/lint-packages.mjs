#!/usr/bin/env node
// `pnpm lint:packages [name ...]`: publint (--strict) and attw (--profile esm-only: the packages
// are ESM-only on purpose) on every publishable package (or those named), each packed once as
// `pnpm publish` would upload it, all in one process. The two CLIs per package packed it again and
// loaded TypeScript again each time: about 6 s of CPU per package against well under one here.
// Fails naming each package and its problem.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { problemKindInfo } from "@arethetypeswrong/core/problems";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { publishablePackages } from "../lib/packages.mjs";
import { packPublishable } from "./pack.mjs";

/** attw's `esm-only` profile: the CommonJS resolutions a package that ships no CommonJS fails. */
const IGNORED_RESOLUTIONS = ["node10", "node16-cjs"];

/** publint's errors (warnings count as errors, as with --strict), as failure lines. */
async function publintFailures(tarball) {
  const { messages, pkg } = await publint({
    pack: {
      tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.length),
    },
    strict: true,
  });
  for (const message of messages.filter((m) => m.type === "suggestion"))
    console.log(`  publint suggestion: ${formatMessage(message, pkg, { color: false })}`);
  return messages
    .filter((message) => message.type === "error")
    .map((message) => `publint: ${formatMessage(message, pkg, { color: false })}`);
}

/**
 * attw's problems that fail the profile, as failure lines. As the CLI's exit code: a problem
 * tied to an ignored resolution is ignored; an untyped package has nothing to check.
 */
async function attwFailures(tarball) {
  const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(tarball)));
  if (!analysis.types) return [];
  return analysis.problems
    .filter(
      (problem) =>
        !("resolutionKind" in problem) || !IGNORED_RESOLUTIONS.includes(problem.resolutionKind),
    )
    .map((problem) => {
      const where = [problem.entrypoint, problem.resolutionKind, problem.fileName]
        .filter(Boolean)
        .join(", ");
      return `attw: ${problemKindInfo[problem.kind].title} (${problem.kind}${where ? `: ${where}` : ""})`;
    });
}

const only = process.argv.slice(2);
const unknown = only.filter((name) => !publishablePackages().some((pkg) => pkg.name === name));
if (unknown.length > 0) {
  console.error(`lint:packages: not a publishable package: ${unknown.join(", ")}`);
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), "feedgate-lint-packages-"));
let failed = 0;
try {
  for (const { name, file } of packPublishable(dir, only.length > 0 ? only : undefined)) {
    const tarball = readFileSync(file);
    const failures = [...(await publintFailures(tarball)), ...(await attwFailures(tarball))];
    failed += failures.length;
    console.log(failures.length === 0 ? `${name}: publint and attw clean` : `${name}:`);
    for (const failure of failures) console.error(`${name}: ${failure}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failed > 0) {
  console.error(`lint:packages: ${failed} problem(s)`);
  process.exit(1);
}
