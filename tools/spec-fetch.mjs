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
import { stripTerminalControls } from "@feedgate/core/terminal";
import { diffSpecs, formatDiff } from "./lib/spec-diff.mjs";
import { stripStructure, structureText } from "./lib/spec-structure.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export const SOURCES = {
  feed: {
    env: "FEEDGATE_FEED_URL",
    path: "/openapi-v1.json",
    vendored: "specs/feed/openapi-v1.json",
    overlay: "specs/feed/overlay.yaml",
  },
};

class UsageError extends Error {}

/** The most read of an upstream document: the published one is about 100 KiB. */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;
/** Same-origin redirects followed at most; one to another origin is refused. */
const MAX_REDIRECTS = 5;

/** Upstream text is printed as data: escape sequences and control characters (but newline and tab) removed, by the rule the CLI prints with. */
export const terminalSafe = (text) => stripTerminalControls(String(text));

/**
 * Downloads the document as untrusted input: redirects are followed only within the origin
 * asked for, and the body is read up to MAX_DOCUMENT_BYTES.
 */
async function download(url, timeoutMs) {
  const signal = AbortSignal.timeout(timeoutMs);
  let at = url;
  for (let hop = 0; ; hop++) {
    const response = await fetch(at, {
      signal,
      redirect: "manual",
      headers: { accept: "application/json" },
    });
    if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
      void response.body?.cancel();
      const next = new URL(response.headers.get("location"), at);
      if (next.origin !== url.origin)
        throw new Error(`redirected to another origin (${terminalSafe(next.origin)}): refused`);
      if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
      at = next;
      continue;
    }
    if (!response.ok)
      throw new Error(`HTTP ${response.status} ${terminalSafe(response.statusText)}`);
    if (Number(response.headers.get("content-length")) > MAX_DOCUMENT_BYTES)
      throw new Error(`the document is over ${MAX_DOCUMENT_BYTES} bytes`);
    const reader = response.body.getReader();
    const chunks = [];
    let size = 0;
    for (let read; !(read = await reader.read()).done; ) {
      size += read.value.byteLength;
      if (size > MAX_DOCUMENT_BYTES) {
        void reader.cancel();
        throw new Error(`the document is over ${MAX_DOCUMENT_BYTES} bytes`);
      }
      chunks.push(read.value);
    }
    return Buffer.concat(chunks).toString("utf8");
  }
}

/**
 * Every `$ref` that points outside the document. The published document has none, and one would
 * make the bundler read a local file (or another origin) into the generated client: refused.
 */
export function externalRefs(node, path = "#", found = []) {
  if (found.length >= 10 || node === null || typeof node !== "object") return found;
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && (typeof value !== "string" || !value.startsWith("#")))
      found.push(`${path}/$ref → ${terminalSafe(String(value)).slice(0, 200)}`);
    else externalRefs(value, `${path}/${terminalSafe(key).slice(0, 80)}`, found);
  }
  return found;
}

export async function specFetch(
  argv,
  { env = process.env, log: print = console.log, timeoutMs = 30_000 } = {},
) {
  // Everything printed passes one filter: paths, versions and messages come from upstream.
  const log = (text) => print(terminalSafe(text));
  const write = argv.includes("--write");
  const [name, baseArg] = argv.filter((a) => !a.startsWith("--"));
  const source = SOURCES[name];
  if (!source)
    throw new UsageError(
      `usage: pnpm spec:fetch <${Object.keys(SOURCES).join("|")}> [BASE_URL] [--write]`,
    );
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
    text = await download(url, timeoutMs);
  } catch (err) {
    throw new Error(
      `could not download ${url.href}: ${terminalSafe(err instanceof Error ? err.message : err)}`,
    );
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
  const external = externalRefs(fetched);
  if (external.length > 0)
    throw new Error(
      `${url.href} has $refs outside the document (refused; the published document has none):\n  ${external.join("\n  ")}`,
    );

  const scratch = join(root, ".tmp", `${name}-openapi.fetched.json`);
  await mkdir(dirname(scratch), { recursive: true });
  await writeFile(scratch, `${JSON.stringify(fetched, null, 2)}\n`);
  const vendoredPath = join(root, source.vendored);
  const vendored = JSON.parse(await readFile(vendoredPath, "utf8"));
  const diff = diffSpecs(vendored, stripStructure(fetched));

  log(
    `fetched ${url.href} (info.version ${fetched.info?.version ?? "?"}; vendored ${vendored.info?.version ?? "?"})`,
  );
  log(`saved to ${relative(root, scratch)}`);
  log(formatDiff(diff));
  if (write) {
    await writeFile(vendoredPath, structureText(fetched));
    log(
      `wrote ${source.vendored} (the structure only; our descriptions and examples stay in ${source.overlay})`,
    );
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
    console.error(terminalSafe(`spec:fetch: ${err.message}`));
    process.exit(err instanceof UsageError ? 2 : 1);
  });
}
