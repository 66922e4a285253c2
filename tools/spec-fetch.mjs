#!/usr/bin/env node
// `pnpm spec:fetch feed [BASE_URL] [--write]`
// Downloads {BASE_URL}/openapi-v1.json (BASE_URL from the argument, else FEEDGATE_FEED_URL)
// to a scratch file, prints a structural diff against the vendored structure with each change
// classified as breaking or compatible for clients, and only with --write stores the fetched
// document reduced to its structure (no upstream descriptions, summaries or examples: our own
// words live in the overlay beside it), then records the release it calls for (spec:changeset).
// Exit codes: 0 done, 1 download or parse failure (or an overlay target gone), 2 usage error.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { diffSpecs, formatDiff } from "./lib/spec-diff.mjs";
import { stripStructure, structureText } from "./lib/spec-structure.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export const SOURCES = {
  feed: { env: "FEEDGATE_FEED_URL", path: "/openapi-v1.json", vendored: "specs/feed/openapi-v1.json", overlay: "specs/feed/overlay.yaml" },
};

class UsageError extends Error {}

export async function specFetch(argv, { env = process.env, log = console.log, timeoutMs = 30_000 } = {}) {
  const write = argv.includes("--write");
  const [name, baseArg] = argv.filter((a) => !a.startsWith("--"));
  const source = SOURCES[name];
  if (!source) throw new UsageError(`usage: pnpm spec:fetch <${Object.keys(SOURCES).join("|")}> [BASE_URL] [--write]`);
  const base = baseArg ?? env[source.env];
  if (!base) throw new UsageError(`no base URL: pass it as an argument or set ${source.env}`);
  let url;
  try {
    url = new URL(base.replace(/\/+$/, "") + source.path);
  } catch {
    throw new UsageError(`not a URL: ${JSON.stringify(base)}`);
  }

  let text;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    text = await response.text();
  } catch (err) {
    throw new Error(`could not download ${url.href}: ${err instanceof Error ? err.message : err}`);
  }
  let fetched;
  try {
    fetched = JSON.parse(text);
  } catch {
    throw new Error(`${url.href} did not answer JSON`);
  }
  if (typeof fetched?.openapi !== "string" || typeof fetched?.paths !== "object") {
    throw new Error(`${url.href} is not an OpenAPI document`);
  }

  const scratch = join(root, ".tmp", `${name}-openapi.fetched.json`);
  await mkdir(dirname(scratch), { recursive: true });
  await writeFile(scratch, JSON.stringify(fetched, null, 2) + "\n");
  const vendoredPath = join(root, source.vendored);
  const vendored = JSON.parse(await readFile(vendoredPath, "utf8"));
  const diff = diffSpecs(vendored, stripStructure(fetched));

  log(`fetched ${url.href} (info.version ${fetched.info?.version ?? "?"}; vendored ${vendored.info?.version ?? "?"})`);
  log(`saved to ${relative(root, scratch)}`);
  log(formatDiff(diff));
  if (write) {
    await writeFile(vendoredPath, structureText(fetched));
    log(`wrote ${source.vendored} (the structure only; our descriptions and examples stay in ${source.overlay})`);
    // Regenerates and records the release the change calls for.
    const { specChangeset } = await import("./spec-changeset.mjs");
    await specChangeset([name], { log });
  } else {
    log(`vendored document unchanged (pass --write to replace it).`);
  }
  return diff;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  specFetch(process.argv.slice(2)).catch((err) => {
    console.error(`spec:fetch: ${err.message}`);
    process.exit(err instanceof UsageError ? 2 : 1);
  });
}
