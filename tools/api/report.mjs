#!/usr/bin/env node
// The API reports: one `.api.md` per entry point of every publishable package, made by
// api-extractor from the built .d.ts and committed in packages/<pkg>/etc/. The public API is
// a reviewed artifact: a change to what a package exports shows up as a diff of its report.
//
//   node tools/api/report.mjs          check: exit 1 when a report differs from the built .d.ts
//   node tools/api/report.mjs --update write the reports (`pnpm api:update`)
//
// Every entry point runs in this one process (api-extractor takes one entry per config), on the
// packages' dist/ (build first: `pnpm build`).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  CompilerState,
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  ExtractorMessageCategory,
} from "@microsoft/api-extractor";
import { publishablePackages, root } from "../lib/packages.mjs";

/** The command that rewrites the reports, named in every failure. */
export const UPDATE_COMMAND = "pnpm api:update";

/**
 * The report file name of an entry point: "feed-client" for "@feedgate/feed-client",
 * "kit-node" for "@feedgate/kit/node", "feedgate" for the CLI.
 * @param {string} packageName
 * @param {string} subpath  "." or "./node"
 */
export function reportName(packageName, subpath) {
  const base = packageName.replace(/^@[^/]+\//, "");
  return subpath === "." ? base : `${base}-${subpath.slice(2).replaceAll("/", "-")}`;
}

/**
 * Every typed entry point of every publishable package: its report name and the .d.ts it
 * declares.
 * @param {string} [repoRoot]
 */
export function reportEntries(repoRoot = root) {
  return publishablePackages(repoRoot).flatMap((pkg) =>
    Object.entries(pkg.manifest.exports ?? {})
      .filter(
        ([subpath, target]) =>
          subpath !== "./package.json" && typeof target === "object" && target.types,
      )
      .map(([subpath, target]) => ({
        pkg,
        subpath,
        name: reportName(pkg.name, subpath),
        dts: join(pkg.dir, target.types),
        report: join(pkg.dir, "etc", `${reportName(pkg.name, subpath)}.api.md`),
      })),
  );
}

function configFor(entry, tempFolder, allDts) {
  return ExtractorConfig.prepare({
    configObjectFullPath: join(entry.pkg.dir, "api-extractor.json"),
    packageJsonFullPath: join(entry.pkg.dir, "package.json"),
    configObject: {
      projectFolder: entry.pkg.dir,
      mainEntryPointFilePath: entry.dts,
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: "ES2022",
            module: "NodeNext",
            moduleResolution: "NodeNext",
            lib: ["ES2022", "DOM"],
            types: ["node"],
            // This repository's @types, so a package's own folder need not hold them.
            typeRoots: [join(root, "node_modules", "@types")],
            strict: true,
            skipLibCheck: true,
          },
          files: allDts,
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.name,
        reportFolder: join(entry.pkg.dir, "etc"),
        reportTempFolder: tempFolder,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        // The report records what is exported; TSDoc style is the docs build's job (TypeDoc).
        compilerMessageReporting: { default: { logLevel: "warning" } },
        extractorMessageReporting: {
          default: { logLevel: "none" },
          "ae-missing-release-tag": { logLevel: "none" },
        },
        tsdocMessageReporting: { default: { logLevel: "none" } },
      },
    },
  });
}

/**
 * The module augmentations a package's declarations make (`declare module "…" { … }`, as the
 * clients declare their error bodies on core's `ServiceErrorBodies`), which api-extractor leaves
 * out of its reports although they change another package's types: one more report per package
 * that makes any, `etc/<name>.augmentations.api.md`, checked and updated like the others.
 */
function augmentationReport(pkg, update) {
  const dist = join(pkg.dir, "dist");
  const blocks = existsSync(dist)
    ? readdirSync(dist, { recursive: true })
        .filter((file) => file.endsWith(".d.ts"))
        .sort()
        .flatMap((file) =>
          [
            ...readFileSync(join(dist, file), "utf8").matchAll(
              /^declare module "[^"]+" \{$[\s\S]*?^\}$/gm,
            ),
          ].map((m) => `// dist/${file}\n${m[0]}`),
        )
    : [];
  const name = reportName(pkg.name, ".");
  const report = join(pkg.dir, "etc", `${name}.augmentations.api.md`);
  const text = blocks.length
    ? `## Module augmentations of "${pkg.name}"\n\nWhat importing the package adds to other packages' types.\n\n\`\`\`ts\n${blocks.join("\n\n")}\n\`\`\`\n`
    : undefined;
  const old = existsSync(report) ? readFileSync(report, "utf8") : undefined;
  if (old === text) return [];
  if (update) {
    if (text === undefined) rmSync(report);
    else writeFileSync(report, text);
  }
  return [{ name: `${name}.augmentations`, report, changed: true, errors: [] }];
}

/**
 * Runs api-extractor on every entry point.
 * @param {{ update: boolean, repoRoot?: string }} options  update: write the reports instead of comparing
 * @returns {{ name: string, report: string, changed: boolean, errors: string[] }[]}
 */
export function runReports({ update, repoRoot = root }) {
  const tempFolder = mkdtempSync(join(tmpdir(), "feedgate-api-"));
  try {
    const entries = reportEntries(repoRoot);
    const allDts = entries.map((entry) => entry.dts);
    // One TypeScript program for every entry point: most of the run time is building it.
    const compilerState = CompilerState.create(configFor(entries[0], tempFolder, allDts), {
      additionalEntryPoints: allDts,
    });
    const reports = entries.map((entry) => {
      const errors = [];
      if (update) mkdirSync(join(entry.pkg.dir, "etc"), { recursive: true });
      const result = Extractor.invoke(configFor(entry, tempFolder, allDts), {
        compilerState,
        localBuild: update,
        messageCallback(message) {
          message.handled = true;
          // Console messages say what happened to the report file; the result says it too.
          if (message.category === ExtractorMessageCategory.Console) return;
          if (
            message.logLevel === ExtractorLogLevel.Error ||
            message.logLevel === ExtractorLogLevel.Warning
          ) {
            errors.push(message.formatMessageWithLocation(entry.pkg.dir));
          }
        },
      });
      return { name: entry.name, report: entry.report, changed: result.apiReportChanged, errors };
    });
    return [
      ...reports,
      ...publishablePackages(repoRoot).flatMap((pkg) => augmentationReport(pkg, update)),
    ];
  } finally {
    rmSync(tempFolder, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const update = process.argv.includes("--update");
  const results = runReports({ update });
  for (const r of results) {
    let state = r.changed ? "CHANGED" : "ok";
    if (r.errors.length > 0) state = "ERROR";
    else if (r.changed && update) state = "updated";
    console.log(`${state.padEnd(7)} ${relative(root, r.report)}`);
    for (const error of r.errors) console.error(`  ${error}`);
  }
  const failed = results.filter((r) => r.errors.length > 0 || (!update && r.changed));
  if (failed.length > 0) {
    if (!update) {
      console.error(
        `\nThe exported API differs from the committed report (${failed.length} entry points).`,
      );
      console.error(
        `Review the change, then update the reports with \`${UPDATE_COMMAND}\` and commit them.`,
      );
    }
    process.exitCode = 1;
  }
}
