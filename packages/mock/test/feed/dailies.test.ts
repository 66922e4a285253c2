import { describe, expect, it } from "vitest";
import type { DailyReport } from "../../src/index.js";
import { asRecord, feedGet } from "../support/http.js";
import { eachFeedFake, mockServers } from "../support/servers.js";

const servers = mockServers();

const fx = eachFeedFake(servers);

const report = (date: string, generatedAt: string): DailyReport => ({
  date,
  generatedAt,
  windowStart: generatedAt,
  windowEnd: generatedAt,
  links: { aihot: `https://feed.example/daily/${date}` },
  lead: { title: `Lead ${date}`, leadParagraph: "Paragraph." },
  sections: [],
  flashes: [],
});

describe("dailies", () => {
  it("lists the seeded reports newest first, honouring limit", async () => {
    const all = await feedGet(fx.fake.url, "/api/v1/dailies", "dailies");
    const items = (all.json as { items: Array<{ date: string; leadTitle: string | null }> }).items;
    expect(items).toHaveLength(5);
    expect(items.map((i) => i.date)).toEqual([...items.map((i) => i.date)].sort().reverse());
    const two = await feedGet(fx.fake.url, "/api/v1/dailies?limit=2", "dailies");
    expect((two.json as { count: number }).count).toBe(2);
    for (const bad of ["0", "181", "x"])
      expect((await feedGet(fx.fake.url, `/api/v1/dailies?limit=${bad}`, "dailies")).status).toBe(
        400,
      );
  });

  it("serves latest = newest date, and a report by date", async () => {
    const latest = await feedGet(fx.fake.url, "/api/v1/dailies/latest", "latestDaily");
    const date = (latest.json as { report: DailyReport }).report.date;
    expect(date).toBe("2026-11-19");
    const byDate = await feedGet(fx.fake.url, `/api/v1/dailies/${date}`, "dailyByDate");
    expect(byDate.status).toBe(200);
    expect(byDate.headers.get("cache-control")).toBe(
      "public, max-age=300, s-maxage=300, stale-while-revalidate=3600",
    );
  });

  it("publishes a report only once its generatedAt has come on the fake clock", async () => {
    fx.fake.dailies.set([
      report("2026-11-20", "2026-11-20T00:00:00.000Z"),
      report("2026-11-21", "2026-11-21T00:00:00.000Z"),
    ]);
    const before = await feedGet(fx.fake.url, "/api/v1/dailies/latest", "latestDaily");
    expect((before.json as { report: DailyReport }).report.date).toBe("2026-11-20");
    expect((await feedGet(fx.fake.url, "/api/v1/dailies/2026-11-21", "dailyByDate")).status).toBe(
      404,
    );
    fx.fake.clock.advance(24 * 3_600_000);
    const after = await feedGet(fx.fake.url, "/api/v1/dailies/latest", "latestDaily", {
      "if-none-match": before.headers.get("etag") ?? "",
    });
    expect(after.status).toBe(200);
    expect((after.json as { report: DailyReport }).report.date).toBe("2026-11-21");
  });

  it("answers the documented 404s and 400s", async () => {
    fx.fake.dailies.set([]);
    const none = await feedGet(fx.fake.url, "/api/v1/dailies/latest", "latestDaily");
    expect(none.status).toBe(404);
    expect(none.headers.get("cache-control")).toBe("no-store");
    expect(asRecord(none.json)["detail"]).toBe("No daily report has been published yet.");
    const missing = await feedGet(fx.fake.url, "/api/v1/dailies/2026-01-01", "dailyByDate");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("public, max-age=60");
    for (const bad of ["2026-02-30", "2026-1-01", "20260101"]) {
      const answer = await feedGet(fx.fake.url, `/api/v1/dailies/${bad}`, "dailyByDate");
      expect(answer.status, bad).toBe(400);
      expect(asRecord(answer.json)["detail"]).toBe("date must be a real YYYY-MM-DD calendar date.");
    }
  });
});
