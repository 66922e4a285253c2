import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { repoRoot } from "./repo.js";

/**
 * The recorded real payloads live beside the checkout (../shared/reference/real-payloads)
 * and are never copied into the project. FEEDGATE_REAL_PAYLOADS overrides the location.
 * Returns undefined when the folder is absent, so suites can skip with a clear message.
 */
export function realPayloadsDir(): string | undefined {
  const dir =
    process.env["FEEDGATE_REAL_PAYLOADS"] ??
    resolve(repoRoot(), "..", "shared", "reference", "real-payloads");
  return existsSync(join(dir, "INDEX.md")) ? dir : undefined;
}

export const REAL_PAYLOADS_MISSING =
  "real payloads not found (expected ../shared/reference/real-payloads beside the checkout, or FEEDGATE_REAL_PAYLOADS): skipping conformance against recorded payloads";

export function readPayload(relativePath: string): string {
  const dir = realPayloadsDir();
  if (!dir) throw new Error(REAL_PAYLOADS_MISSING);
  return readFileSync(join(dir, relativePath), "utf8");
}

export function readJsonPayload(relativePath: string): unknown {
  return JSON.parse(readPayload(relativePath));
}

/**
 * The public copy of the feed service's published 2.0.0 document, beside the checkout
 * (../shared/reference/upstream-feed-openapi-v1-2.0.0-fork-copy.json, or FEEDGATE_PUBLISHED_FEED_DOCUMENT),
 * read where it stands and never copied into the project. Undefined when absent, so the suite
 * that compares the feed's structure with it skips with {@link PUBLISHED_FEED_DOCUMENT_MISSING}.
 */
export function publishedFeedDocumentPath(): string | undefined {
  const file =
    process.env["FEEDGATE_PUBLISHED_FEED_DOCUMENT"] ??
    resolve(
      repoRoot(),
      "..",
      "shared",
      "reference",
      "upstream-feed-openapi-v1-2.0.0-fork-copy.json",
    );
  return existsSync(file) ? file : undefined;
}

export const PUBLISHED_FEED_DOCUMENT_MISSING =
  "the published feed document was not found (expected ../shared/reference/upstream-feed-openapi-v1-2.0.0-fork-copy.json beside the checkout, or FEEDGATE_PUBLISHED_FEED_DOCUMENT): skipping the comparison of the feed's structure with it";
