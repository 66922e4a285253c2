import { describe, expect, it } from "vitest";
import { createFakeClock, DEFAULT_CLOCK_START } from "../../src/index.js";

describe("createFakeClock", () => {
  it("starts at 2026-11-20T00:00:00Z by default and moves only when told", () => {
    const clock = createFakeClock();
    expect(new Date(clock.now()).toISOString()).toBe("2026-11-20T00:00:00.000Z");
    expect(DEFAULT_CLOCK_START).toBe(clock.now());
    clock.advance(1500);
    expect(clock.now()).toBe(DEFAULT_CLOCK_START + 1500);
    clock.set(0);
    expect(clock.now()).toBe(0);
    expect(createFakeClock(42).now()).toBe(42);
  });

  it("refuses negative or non-finite moves", () => {
    const clock = createFakeClock();
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(() => clock.set(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => createFakeClock(Number.NaN)).toThrow(RangeError);
  });
});
