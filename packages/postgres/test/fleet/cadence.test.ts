import { fakeTime } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { postgresTestBed, until } from "../support/bed.js";

const bed = postgresTestBed("c");

describe("the fleet polls at the document's cadence, not at s-maxage", () => {
  it("in one fake hour at s-maxage=1: hot topics 60 times, the recent calendar 12, the latest daily at start and 08:05, the mirror's changes 60", async () => {
    const fake = await bed.feed({
      cacheControl: { hotTopics: 1, codexResetsRecent: 1, latestDaily: 1, selectedChanges: 1 },
    });
    // 2026-11-20 08:00 in Shanghai.
    const start = Date.parse("2026-11-20T00:00:00Z");
    const time = fakeTime(start);
    await bed.member({
      schema: bed.freshSchema(),
      feedUrl: fake.url,
      resources: ["hotTopics", "codexResetsRecent", "latestDaily", "mirror"],
      checkMs: 200,
      kit: { clock: time.clock, sleep: time.sleep, random: () => 0 },
    });
    const polls = (route: string) => fake.requests.filter((r) => r.route === route).length;
    // Each round: every leader's poller asleep, then the earliest wakes; at most 200 rounds.
    for (let round = 0; round < 200; round++) {
      await until(() => time.pending() === 4);
      if (time.next() >= start + 3_600_000) break;
      time.advance();
    }
    expect(polls("hotTopics")).toBe(60);
    expect(polls("codexResetsRecent")).toBe(12);
    expect(polls("latestDaily")).toBe(2);
    // The mirror's follow: one changes page a minute once drained.
    expect(polls("selectedChanges")).toBe(60);
  });
});
