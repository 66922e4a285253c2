// The feed's structure (specs/feed/openapi-v1.json) against the service's published 2.0.0
// document, inside the suite (not only through `pnpm spec:fetch`): the public copy is read where
// it stands beside the checkout, as the real-payload tests read theirs, and skipped with a
// clear message where it is absent.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PUBLISHED_FEED_DOCUMENT_MISSING, publishedFeedDocumentPath } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { diffSpecs, formatDiff } from "../../lib/spec-diff.mjs";
import { stripStructure } from "../../lib/spec-structure.mjs";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const published = publishedFeedDocumentPath();
if (published === undefined) console.warn(PUBLISHED_FEED_DOCUMENT_MISSING);

describe.skipIf(published === undefined)(
  "the feed's structure is the published 2.0.0 document's",
  () => {
    const document = () => JSON.parse(readFileSync(published!, "utf8"));
    const vendored = () =>
      JSON.parse(readFileSync(join(ROOT, "specs/feed/openapi-v1.json"), "utf8"));

    it("is the published document's version", () => {
      expect(document().info.version).toBe("2.0.0");
      expect(vendored().info.version).toBe("2.0.0");
    });

    it("has no structural difference from it (paths, parameters, schemas, statuses, headers, bounds)", () => {
      const diff = diffSpecs(vendored(), stripStructure(document()));
      expect(formatDiff(diff, { before: "vendored", after: "published" })).toBe(
        "No structural differences between the vendored and the published document.",
      );
    });

    it("equals its structure exactly, keyword for keyword", () => {
      expect(vendored()).toEqual(stripStructure(document()));
    });
  },
);
