import pc from "picocolors";
import { describe, expect, it } from "vitest";
import { apiKeyOf, DEFAULT_FEED_URL, feedUrlOf, gatewayOf } from "../../src/internal/cli/config.js";
import { Output } from "../../src/internal/cli/output.js";
import { renderHotTopics } from "../../src/internal/render/hot.js";
import { formatBeijing, formatBeijingRange, formatUtc } from "../../src/internal/render/time.js";

const ui = { color: pc.createColors(false), columns: 100 };

describe("times", () => {
  it("shows feed instants in UTC and calendar instants in Beijing time as given", () => {
    expect(formatUtc("2026-11-20T08:05:59.123Z")).toBe("2026-11-20 08:05 UTC");
    expect(formatBeijing("2026-09-26T08:07:13.000+08:00")).toBe("2026-09-26 08:07");
    expect(formatBeijing("2026-09-26T00:07:13.000Z")).toBe("2026-09-26 08:07");
    expect(
      formatBeijingRange("2026-09-26T08:00:00.000+08:00", "2026-09-26T12:00:00.000+08:00"),
    ).toBe("2026-09-26 08:00–12:00");
    expect(formatUtc(null)).toBe("-");
  });
});

describe("configuration", () => {
  it("flags win over the environment, which wins over the default", () => {
    expect(feedUrlOf({}, {})).toBe(DEFAULT_FEED_URL);
    expect(feedUrlOf({}, { FEEDGATE_FEED_URL: "http://env" })).toBe("http://env");
    expect(feedUrlOf({ feedUrl: "http://flag" }, { FEEDGATE_FEED_URL: "http://env" })).toBe(
      "http://flag",
    );
    expect(apiKeyOf({ apiKey: "sk-flag" }, { FEEDGATE_API_KEY: "sk-env" })).toBe("sk-flag");
    expect(() => gatewayOf({}, { FEEDGATE_API_KEY: "k" })).toThrow(/no gateway URL/);
    expect(() => gatewayOf({ gatewayUrl: "http://g" }, {})).toThrow(/no gateway API key/);
  });

  it("redacts the key with and without its sk- prefix, through the output's one filter", () => {
    const output = new Output({
      stdout: { write: () => true, isTTY: false },
      stderr: { write: () => true, isTTY: false },
      env: {},
    } as never);
    output.addSecret("sk-abcdef123");
    expect(output.redact("key sk-abcdef123 and abcdef123")).toBe("key [redacted] and [redacted]");
  });
});

describe("hot topics table", () => {
  it("has a row per topic with rank, title, source count and time", () => {
    const text = renderHotTopics(
      {
        schemaVersion: 1,
        count: 10,
        items: Array.from({ length: 10 }, (_, i) => ({
          rank: i + 1,
          id: `cmdemo${i}`,
          title: i === 0 ? "开源多模态模型发布并追平闭源旗舰" : `Topic ${i + 1}`,
          source: { name: "IT之家（RSS）" },
          links: { aihot: `http://127.0.0.1:1/items/${i}`, original: "https://news.example.com/" },
          sourceCount: 18 - i,
          signalCount: 30 - i,
          participantCount: 40 - i,
          sourceNames: ["IT之家（RSS）"],
          latestAt: new Date(Date.UTC(2026, 10, 20, 11, 23) - i * 60_000).toISOString(),
        })),
      },
      ui,
    );
    expect(text).toMatch(/│ 1 +│ 开源多模态模型发布并追平闭源旗舰/);
    expect(text).toMatch(/│ 10 +│/);
    expect(text).toContain("2026-11-20 11:23 UTC");
  });
});

import { wrapToWidth } from "../../src/internal/render/wrap.js";

describe("wrapToWidth", () => {
  it("wraps Chinese runs by display width without losing characters", () => {
    const text = "★ 开源多模态模型发布：在图表理解基准上追平闭源旗舰";
    const wrapped = wrapToWidth(text, 20);
    expect(wrapped.replace(/\n/g, "")).toBe(text);
    for (const line of wrapped.split("\n")) expect(line.length * 2).toBeLessThanOrEqual(22);
    expect(wrapped.split("\n")[0]!.startsWith("★ 开源")).toBe(true);
  });

  it("keeps short Latin words whole", () => {
    expect(wrapToWidth("Google DeepMind Blog", 10)).toBe("Google\nDeepMind\nBlog");
  });
});
