// Opens each built OpenAPI reference page (`pnpm docs`) in Debian's headless Chromium: every
// operation of the document is listed in the navigation, the page makes no request outside
// itself (no CDN at view time) and logs no error. Keeps a screenshot in docs/screenshots/.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCS_DIR, SPEC_DOCS } from "../docs/build.mjs";
import { CHROMIUM_ARGS, ensureChromium } from "../ensure-chromium.mjs";
import { root } from "../lib/packages.mjs";

interface Operation {
  operationId: string;
  method: string;
  summary: string;
  tag: string;
}

function operationsOf(specPath: string): Operation[] {
  const spec = JSON.parse(readFileSync(join(root, specPath), "utf8"));
  return Object.values<Record<string, { operationId?: string; summary?: string; tags?: string[] }>>(
    spec.paths,
  ).flatMap((item) =>
    Object.entries(item)
      .filter(([, op]) => typeof op === "object" && op.operationId !== undefined)
      .map(([method, op]) => ({
        operationId: op.operationId!,
        method: method.toUpperCase(),
        summary: op.summary ?? "",
        tag: op.tags?.[0] ?? "",
      })),
  );
}

let browser: Browser;
beforeAll(async () => {
  // Fails with the reason (not installed, cannot install) instead of skipping.
  browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
});
afterAll(async () => browser?.close());

describe.each(SPEC_DOCS.map((doc) => [doc.title, doc] as const))(
  "%s reference page",
  (_title, doc) => {
    it("lists every operation, loads nothing from outside and logs no error", async () => {
      const file = join(DOCS_DIR, doc.page);
      expect(existsSync(file), `${file} is missing: run \`pnpm docs\` first`).toBe(true);
      const operations = operationsOf(doc.spec);
      expect(operations.length).toBeGreaterThan(0);

      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      const problems: string[] = [];
      page.on(
        "console",
        (message) => message.type() === "error" && problems.push(`console: ${message.text()}`),
      );
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      await page.route("**/*", (route) => {
        const url = route.request().url();
        if (/^(file|data|blob):/.test(url)) return route.continue();
        problems.push(`external request: ${url}`);
        return route.abort();
      });
      await page.goto(pathToFileURL(file).href);

      // Per tag: expand its navigation group (a click works once the page has hydrated; Redoc
      // may fold other groups meanwhile), then find each of its operations there, linked by
      // operationId and labelled with its summary and method.
      for (const tag of new Set(operations.map((op) => op.tag))) {
        const label = page
          .locator(".menu-item-type-group > a")
          .filter({ has: page.locator(`[data-text="${tag}"]`) })
          .first();
        const expanded = label.locator(
          '[data-component-name="icons/ChevronDownIcon/ChevronDownIcon"]',
        );
        for (let attempt = 0; attempt < 5 && (await expanded.count()) === 0; attempt += 1) {
          await label.click();
          await expanded.waitFor({ timeout: 2_000 }).catch(() => undefined);
        }
        for (const op of operations.filter((o) => o.tag === tag)) {
          const entry = page.locator(
            `.menu-item-type-operation a[href$="/${op.operationId.toLowerCase()}"]`,
          );
          await expect(entry.count(), `${op.operationId} is listed under ${tag}`).resolves.toBe(1);
          expect(
            // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's rendered text, not a DOM node's property.
            (await entry.innerText()).replace(/\s+/g, " ").trim().toLowerCase(),
            op.operationId,
          ).toBe(`${op.summary} ${op.method}`.toLowerCase());
        }
      }

      mkdirSync(join(DOCS_DIR, "screenshots"), { recursive: true });
      await page.screenshot({
        path: join(
          DOCS_DIR,
          "screenshots",
          doc.page.replace(/^specs\//, "").replace(/\.html$/, ".png"),
        ),
      });
      await page.close();
      expect(problems).toEqual([]);
    });
  },
);
