import { json } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { diffResetEvents, recentWindowStart } from "../../src/feed/index.js";
import { resetEvent as event, stubKit } from "../support/feed-kit.js";

// A `/recent` answer: its historyFrom is Beijing midnight 7 days before today, as the service sets it.
const windowOf = (today: string) =>
  new Date(Date.parse(`${today}T00:00:00+08:00`) - 7 * 86_400_000).toISOString();
const calendar = (today: string, events: object[]) => ({
  schemaVersion: 1,
  timezone: "Asia/Shanghai",
  today,
  checkedAt: null,
  historyFrom: windowOf(today),
  count: events.length,
  events,
  activities: [],
  monitor: null,
  outage: null,
});

describe("the recent window of the reset calendar", () => {
  it("starts at Beijing midnight 7 days before the answer's today", () => {
    expect(new Date(recentWindowStart("2026-11-20", 0)).toISOString()).toBe(
      "2026-11-12T16:00:00.000Z",
    );
    // Without `today`: the Beijing date of `now` (23:30 UTC on the 19th is the 20th in Beijing).
    expect(
      new Date(recentWindowStart(null, Date.parse("2026-11-19T23:30:00Z"))).toISOString(),
    ).toBe("2026-11-12T16:00:00.000Z");
  });

  it("an event that leaves the window ages out; one that disappears inside it is withdrawn", () => {
    const since = recentWindowStart("2026-11-20", 0);
    const old = event("old", "2026-11-12T10:00:00+08:00") as never;
    const inside = event("inside", "2026-11-18T10:00:00+08:00") as never;
    const active = event("active", "2026-10-01T10:00:00+08:00", "in_progress") as never;
    const changes = diffResetEvents([old, inside, active], [], { recentSince: since });
    expect(changes.map((c) => c.type === "removed" && `${c.id}:${c.reason}`)).toEqual([
      "old:aged_out",
      "inside:withdrawn",
      "active:withdrawn",
    ]);
  });

  it("without a window (the full calendar) every removal is a withdrawal", () => {
    const changes = diffResetEvents([event("old", "2020-01-01T00:00:00Z") as never], []);
    expect(changes).toEqual([expect.objectContaining({ type: "removed", reason: "withdrawn" })]);
  });

  it("watchResets reports an event that aged out as aged_out, not withdrawn", async () => {
    const CC = "public, s-maxage=60";
    const { kit } = stubKit([
      json(
        200,
        calendar("2026-11-19", [
          event("a", "2026-11-12T09:00:00+08:00"),
          event("b", "2026-11-18T09:00:00+08:00"),
        ]),
        { etag: '"1"', "cache-control": CC },
      ),
      // A day later: "a" (updated on the 12th) fell out of the window; "b" was taken back.
      json(200, calendar("2026-11-20", []), { etag: '"2"', "cache-control": CC }),
    ]);
    const updates = [];
    for await (const update of kit.watchResets({ jitter: 0 })) {
      updates.push(update);
      if (updates.length === 2) break;
    }
    expect(updates[1]!.changes.map((c) => c.type === "removed" && `${c.id}:${c.reason}`)).toEqual([
      "a:aged_out",
      "b:withdrawn",
    ]);
  });
  it("reads the window from the answer's historyFrom rather than recomputing it", () => {
    // A service whose calendar starts later than 7 days back says so in historyFrom.
    const since = recentWindowStart("2026-11-20", 0, "2026-11-18T00:00:00+08:00");
    expect(new Date(since).toISOString()).toBe("2026-11-17T16:00:00.000Z");
    const inside7Days = event("x", "2026-11-15T10:00:00+08:00") as never;
    expect(diffResetEvents([inside7Days], [], { recentSince: since })).toEqual([
      expect.objectContaining({ reason: "aged_out" }),
    ]);
    // Missing or unparsable: recomputed from today.
    expect(recentWindowStart("2026-11-20", 0, "not a time")).toBe(
      recentWindowStart("2026-11-20", 0),
    );
  });

  it("watchResets yields a version where only activities, checkedAt, monitor or outage changed", async () => {
    const CC = "public, s-maxage=60";
    const base = calendar("2026-11-19", [event("a", "2026-11-18T09:00:00+08:00")]);
    const post = {
      id: "p1",
      publishedAt: "2026-11-19T09:00:00+08:00",
      eventIds: [],
      kind: "post",
      text: "t",
      originalText: "t",
      context: null,
      statusChanged: false,
      action: null,
      url: "https://social.example/p1",
    };
    // Each version changes one part besides the events: activities, checkedAt, monitor, outage.
    const checked = { ...base, activities: [post], checkedAt: "2026-11-19T10:00:00.000+08:00" };
    const delayed = { ...checked, monitor: { status: "delayed" } };
    const versions: object[] = [base, { ...base, activities: [post] }, checked, delayed];
    versions.push({ ...delayed, outage: { postId: "o" } });
    const { kit } = stubKit(
      versions.map((body, i) => json(200, body, { etag: `"${i + 1}"`, "cache-control": CC })),
    );
    const updates = [];
    for await (const update of kit.watchResets({ jitter: 0 })) {
      updates.push(update);
      if (updates.length === 5) break;
    }
    expect(updates.map((u) => u.etag)).toEqual(['"1"', '"2"', '"3"', '"4"', '"5"']);
    expect(updates.slice(1).every((u) => u.changes.length === 0 && u.events.length === 1)).toBe(
      true,
    );
    expect(updates[1]!.data.activities).toHaveLength(1);
    expect(updates[4]!.data.outage).toEqual({ postId: "o" });
  });
});
