import { readFileSync } from "node:fs";
import { fromRoot } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { TIMELINE_BACKFILL_MS, timelineTime } from "../../src/index.js";

describe("the timeline time of an item (by=timeline)", () => {
  /** The timeline time of an item discovered and published at these instants, as ISO text. */
  const timeline = (discoveredAt: string, publishedAt: string | null) =>
    new Date(timelineTime({ discoveredAt, publishedAt })).toISOString();

  it("is the discovery time for an item published up to 72 h before it was discovered", () => {
    const discovered = "2026-11-20T00:00:00.000Z";
    expect(timeline(discovered, "2026-11-17T00:00:00.000Z")).toBe(discovered);
    expect(timeline(discovered, null)).toBe(discovered);
    // A publication time after discovery (clock skew) changes nothing.
    expect(timeline(discovered, "2026-11-21T00:00:00.000Z")).toBe(discovered);
  });

  it("is the publication time for an item back-filled more than 72 h after publication", () => {
    expect(TIMELINE_BACKFILL_MS).toBe(72 * 3_600_000);
    const published = "2026-11-17T00:00:00.000Z";
    expect(timeline("2026-11-20T00:00:00.001Z", published)).toBe(published);
  });

  it("is what the overlay says the document's `by=timeline` means", () => {
    const bundle = JSON.parse(readFileSync(fromRoot("specs/feed/dist/openapi-v1.json"), "utf8"));
    const by = bundle.paths["/api/v1/items"].get.parameters.find(
      (p: { name?: string }) => p.name === "by",
    );
    expect(by.description).toMatch(/more than 72 hours after its publication/);
    expect(by.description).toMatch(
      /up to 72 hours before it was received is listed at its `discoveredAt`/,
    );
  });
});
