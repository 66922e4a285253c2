import { describe, expect, it } from "vitest";
import { createPrng } from "../../src/index.js";

describe("createPrng (public)", () => {
  it("repeats its sequence for a seed and differs between seeds", () => {
    const draw = (seed: number) => {
      const prng = createPrng(seed);
      return Array.from({ length: 5 }, () => prng.next());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    for (const value of draw(7)) expect(value >= 0 && value < 1).toBe(true);
  });

  it("keeps int() within its inclusive bounds and pick() within the array", () => {
    const prng = createPrng(1);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add(prng.int(2, 4));
    expect([...seen].sort()).toEqual([2, 3, 4]);
    expect(["a", "b"]).toContain(prng.pick(["a", "b"]));
    expect(() => prng.pick([])).toThrow(RangeError);
  });
});
