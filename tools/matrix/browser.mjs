// The browser column of the matrix: the smoke scripts bundled for the browser by esbuild
// (platform "browser": an import of a Node built-in fails the bundle), served by the smoke
// server and run in Debian's headless Chromium through playwright-core.

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, ensureChromium } from "../ensure-chromium.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const PAGE = `<!doctype html><meta charset="utf-8"><title>feedgate smoke</title><script type="module" src="/smoke/bundle.js"></script>`;

/** @param {{ name: string, file: string }[]} smokes */
export async function bundleForBrowser(smokes) {
  const imports = smokes
    .map((smoke, i) => `import smoke${i} from ${JSON.stringify(join(here, smoke.file))};`)
    .join("\n");
  const list = smokes.map((smoke, i) => `[${JSON.stringify(smoke.name)}, smoke${i}]`).join(", ");
  const contents = `${imports}
const expected = await (await fetch("/smoke/expected.json")).json();
const results = [];
for (const [name, smoke] of [${list}]) {
  try { await smoke(location.origin, expected); results.push({ name, ok: true }); }
  catch (error) { results.push({ name, ok: false, error: String(error && error.stack || error) }); }
}
window.__smokeResults = results;`;
  const result = await build({
    stdin: { contents, resolveDir: here, sourcefile: "browser-smoke.mjs" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
    alias: { "node:assert/strict": join(here, "browser-assert.mjs") },
  });
  return {
    "/smoke/index.html": { type: "text/html; charset=utf-8", body: PAGE },
    "/smoke/bundle.js": {
      type: "text/javascript; charset=utf-8",
      body: result.outputFiles[0].text,
    },
  };
}

/** Chromium logs every failed status; the smoke scripts ask for a 401 and a 404 on purpose. */
const EXPECTED_STATUS_LOG =
  /^Failed to load resource: the server responded with a status of (401|404)\b/;

/**
 * Opens the smoke page in headless Chromium and returns each script's outcome; console
 * errors and uncaught page errors are returned too (a smoke run must have none).
 * @param {string} baseUrl
 */
export async function runInBrowser(baseUrl) {
  const executablePath = ensureChromium();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
  try {
    const page = await browser.newPage();
    const consoleErrors = [];
    page.on("console", (message) => {
      if (message.type() === "error" && !EXPECTED_STATUS_LOG.test(message.text()))
        consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    await page.goto(`${baseUrl}/smoke/index.html`);
    await page.waitForFunction(() => "__smokeResults" in window, undefined, { timeout: 30_000 });
    const results = await page.evaluate(() => /** @type {any} */ (window).__smokeResults);
    return { version: browser.version(), results, consoleErrors };
  } finally {
    await browser.close();
  }
}
