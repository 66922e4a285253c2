import { describe, expect, it } from "vitest";
import type { ResetEvent } from "../../src/index.js";
import { feedGet } from "../support/http.js";
import { eachFeedFake, mockServers } from "../support/servers.js";

const servers = mockServers();

const fx = eachFeedFake(servers);

interface Body {
  today: string;
  historyFrom: string;
  checkedAt: string | null;
  count: number;
  events: ResetEvent[];
}

describe("codex-resets", () => {
  it("serves every event on the full form and only the last 7 Beijing days (plus open events) on /recent", async () => {
    const full = (await feedGet(fx.fake.url, "/api/v1/codex-resets", "codexResets")).json as Body;
    const recent = (await feedGet(fx.fake.url, "/api/v1/codex-resets/recent", "codexResetsRecent"))
      .json as Body;
    expect(full.count).toBe(3);
    expect(full.events.map((e) => e.id)).toEqual(["evt-003", "evt-002", "evt-001"]);
    expect(recent.events.map((e) => e.id)).toEqual(["evt-003", "evt-002"]);
    expect(full.today).toBe("2026-11-20");
    expect(full.historyFrom).toBe("2026-06-12T00:00:00.000+08:00");
    expect(recent.historyFrom).toBe("2026-11-13T00:00:00.000+08:00");
    expect(full.checkedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/);
  });

  it("keeps an announced event on /recent after it ages, and replaces the set on resets.set (withdrawal)", async () => {
    fx.fake.clock.advance(30 * 24 * 3_600_000);
    const recent = (await feedGet(fx.fake.url, "/api/v1/codex-resets/recent", "codexResetsRecent"))
      .json as Body;
    expect(recent.events.map((e) => e.id)).toEqual(["evt-003"]);
    const full = (await feedGet(fx.fake.url, "/api/v1/codex-resets", "codexResets")).json as Body;
    fx.fake.resets.set(full.events.filter((e) => e.id !== "evt-003"));
    const after = (await feedGet(fx.fake.url, "/api/v1/codex-resets/recent", "codexResetsRecent"))
      .json as Body;
    expect(after.events).toEqual([]);
  });

  it("refuses query parameters", async () => {
    expect((await feedGet(fx.fake.url, "/api/v1/codex-resets?since=1", "codexResets")).status).toBe(
      400,
    );
    expect(
      (await feedGet(fx.fake.url, "/api/v1/codex-resets/recent?x=1", "codexResetsRecent")).status,
    ).toBe(400);
  });
});
