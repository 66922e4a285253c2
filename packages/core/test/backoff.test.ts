import { describe, expect, it } from "vitest";
import { BACKOFF_DEFAULTS, backoffDelay, withJitter } from "../src/index.js";

describe("one backoff rule", () => {
  it("doubles from initialDelayMs up to maxDelayMs", () => {
    const none = { jitter: 0 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, none))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(backoffDelay(3, { initialDelayMs: 10, maxDelayMs: 25, jitter: 0 })).toBe(25);
    expect(BACKOFF_DEFAULTS).toEqual({ initialDelayMs: 500, maxDelayMs: 8000, jitter: 0.25 });
  });

  it("jitter only adds, up to its fraction, so no wait comes early", () => {
    expect(withJitter(1000, 0.25, () => 0)).toBe(1000);
    expect(withJitter(1000, 0.25, () => 0.5)).toBe(1125);
    expect(backoffDelay(1, { random: () => 0.999 })).toBeCloseTo(624.875, 3);
    for (let i = 0; i < 100; i++) expect(backoffDelay(2)).toBeGreaterThanOrEqual(1000);
  });
});
