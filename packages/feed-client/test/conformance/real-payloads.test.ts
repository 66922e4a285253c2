import {
  fromRoot,
  loadSpec,
  REAL_PAYLOADS_MISSING,
  readJsonPayload,
  realPayloadsDir,
} from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";

const spec = loadSpec(fromRoot("specs/feed/dist/openapi-v1.json"));
const available = realPayloadsDir() !== undefined;
if (!available) console.warn(REAL_PAYLOADS_MISSING);

/** The seven live feed payloads of real-payloads/INDEX.md and the operation each answered. */
const LIVE = [
  ["feed/items.200.automated-release-fixture-compact.json", "items"],
  ["feed/items.200.ai-daily-fixture-2026-08-12.json", "items"],
  ["feed/hot-topics.200.automated-release-fixture.json", "hotTopics"],
  ["feed/dailies.200.automated-release-fixture.json", "dailies"],
  ["feed/dailies-by-date.200.ai-knowledge-base-fixture-2026-10-04.json", "dailyByDate"],
  ["feed/dailies-by-date.200-quiet-day.leo-ai-pm-fixture-2026-10-05.json", "dailyByDate"],
  ["feed/selected-snapshot.200.mirror-fixture.json", "selectedSnapshot"],
] as const;

describe.skipIf(!available)("the document accepts the recorded live payloads", () => {
  for (const [file, operationId] of LIVE) {
    it(`${file} is a valid ${operationId} 200 body`, () => {
      const result = spec.validateResponse(operationId, 200, readJsonPayload(file));
      expect(result.text).toBe("");
      expect(result.valid).toBe(true);
    });
  }

  it("rejects the synthetic codex-resets fixture (a tolerance fixture, not a conformance sample)", () => {
    const result = spec.validateResponse(
      "codexResets",
      200,
      readJsonPayload("feed/codex-resets.200.SYNTHETIC-nonconforming.relay-fixture.json"),
    );
    expect(result.valid).toBe(false);
    expect(result.text).toMatch(/required property 'label'/);
  });
});
