// size-limit configuration: `pnpm size`. Budgets live in tools/size/budgets.mjs.
// A missing build output or an entry point without a budget is reported here by name and
// fails the run (exit code 1), while every other entry point is still measured.
import { existsSync } from "node:fs";
import { relative } from "node:path";
import { entryPoints, publishablePackages } from "./tools/lib/packages.mjs";
import { BUDGETS, UNMEASURED } from "./tools/size/budgets.mjs";
import { externalModulesOf } from "./tools/size/external-modules.mjs";

const entries = new Map(
  publishablePackages()
    .flatMap(entryPoints)
    .map((e) => [e.specifier, e.file]),
);

function fail(message) {
  console.error(`size: ${message}`);
  process.exitCode = 1;
}

for (const specifier of entries.keys()) {
  if (!(specifier in BUDGETS) && !(specifier in UNMEASURED))
    fail(`${specifier} has no size budget: add it to tools/size/budgets.mjs`);
}

const checks = [];
for (const [specifier, { limit, goal, why, platform = "browser", onTopOf }] of Object.entries(
  BUDGETS,
)) {
  if (goal !== undefined)
    console.error(
      `size: ${specifier}: goal ${goal} not met yet; held at its current ceiling of ${limit}. Why: ${why}`,
    );
  const files = [specifier, ...(onTopOf ?? [])].map((s) => entries.get(s));
  const missing = files.find((file) => file !== undefined && !existsSync(file));
  if (files.includes(undefined)) {
    fail(
      `${specifier} or what it is measured on top of is not exported by any publishable package`,
    );
  } else if (missing !== undefined) {
    fail(
      `${specifier}: ${relative(process.cwd(), missing)} is missing; build its package first (pnpm build)`,
    );
  } else {
    const [file, ...bases] = files;
    const plugins = bases.length === 0 ? [] : [await externalModulesOf(bases, platform)];
    checks.push({
      name: onTopOf === undefined ? specifier : `${specifier} (on top of ${onTopOf.join(", ")})`,
      import: { [file]: "*" }, // everything the entry exports, as `import * as all` would
      limit,
      gzip: true,
      modifyEsbuildConfig: (config) => ({ ...config, platform, plugins }),
    });
  }
}

export default checks;
