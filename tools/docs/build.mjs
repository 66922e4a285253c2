#!/usr/bin/env node
// `pnpm run docs`: browsable reference docs into docs/ (not committed):
//   docs/specs/<api>.html  one self-contained Redoc page per OpenAPI document
//                          (redocly build-docs --inlineBundle: no CDN at view time)
//   docs/api/              the TypeScript API of every publishable package (TypeDoc)
//   docs/index.html        links to both
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle } from "../generate.mjs";
import { publishablePackages, root } from "../lib/packages.mjs";

export const DOCS_DIR = join(root, "docs");

/**
 * One page per OpenAPI document: the redocly.yaml api name, and the bundled document the page
 * is built from (build-docs would skip the feed's overlay, so it reads the bundle).
 */
export const SPEC_DOCS = [
  {
    api: "feed@v1",
    title: "Feed service API v1",
    page: "specs/feed.html",
    spec: "specs/feed/dist/openapi-v1.json",
  },
  {
    api: "gateway@v1",
    title: "Model gateway API v1",
    page: "specs/gateway.html",
    spec: "specs/gateway/dist/openapi.json",
  },
];

/**
 * Redoc's sidebar footer ("API docs by" + logo) loads its logo from Redocly's CDN whatever
 * the options; the logo is swapped for an inline SVG with the same name, keeping the credit.
 */
const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16"><text x="0" y="12" font-family="sans-serif" font-size="12">Redocly</text></svg>')}`;

/**
 * External resources the HTML itself loads: scripts, styles, frames, images, CSS imports, the
 * CDN logo. Plain links (<a href>) are navigation, not loads. (The render test also watches
 * every request the page makes at view time.)
 */
export function externalResources(html) {
  const tags =
    html.match(/<(script|link|iframe|img)\b[^>]*\b(src|href)=["']?(https?:)?\/\/[^"'\s>]+/gi) ?? [];
  const cssImports = html.match(/@import\s+url\(\s*["']?(https?:)?\/\//gi) ?? [];
  const logo = html.match(CDN_LOGO) ?? [];
  return [...tags, ...cssImports, ...logo];
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(undefined)
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

/** The pages: Redoc's for each document (from `specOf(doc)`), TypeDoc's for the packages. */
function buildPages(packages, specOf) {
  return Promise.all([
    ...SPEC_DOCS.map((doc) =>
      run("redocly", [
        "build-docs",
        specOf(doc),
        "--inlineBundle",
        "--title",
        doc.title,
        "-o",
        join(DOCS_DIR, doc.page),
      ]),
    ),
    run("typedoc", [
      "--options",
      "tools/docs/typedoc.json",
      "--out",
      join(DOCS_DIR, "api"),
      ...packages.map((p) => p.relDir),
    ]),
  ]);
}

export async function buildDocs() {
  rmSync(DOCS_DIR, { recursive: true, force: true });
  mkdirSync(join(DOCS_DIR, "specs"), { recursive: true });
  const packages = publishablePackages();
  // Each page from a fresh bundle of its document, made in a folder of its own: the committed
  // bundles under specs/*/dist are left alone, as other runs may be reading them meanwhile.
  const bundles = mkdtempSync(join(tmpdir(), "feedgate-docs-"));
  const bundleOf = (doc) => join(bundles, `${doc.api.replace("@", "-")}-${basename(doc.spec)}`);
  try {
    for (const doc of SPEC_DOCS) bundle({ api: doc.api, output: bundleOf(doc) });
    await buildPages(packages, bundleOf);
  } finally {
    rmSync(bundles, { recursive: true, force: true });
  }
  for (const doc of SPEC_DOCS) {
    const file = join(DOCS_DIR, doc.page);
    const html = readFileSync(file, "utf8").replace(CDN_LOGO, INLINE_LOGO);
    writeFileSync(file, html);
    const external = externalResources(html);
    if (external.length > 0)
      throw new Error(`${doc.page} loads external resources: ${external.join(", ")}`);
  }
  const links = [
    ...SPEC_DOCS.map(
      (doc) => `<li><a href="${doc.page}">${doc.title}</a> (OpenAPI reference)</li>`,
    ),
    `<li><a href="api/index.html">TypeScript API</a> of ${packages.map((p) => `${p.name} ${p.version}`).join(", ")}</li>`,
  ];
  writeFileSync(
    join(DOCS_DIR, "index.html"),
    `<!doctype html><meta charset="utf-8"><title>feedgate docs</title><h1>feedgate reference docs</h1><ul>${links.join("")}</ul>\n`,
  );
  console.log(`docs written to ${relative(process.cwd(), DOCS_DIR) || "."}/ (index.html)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildDocs().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
