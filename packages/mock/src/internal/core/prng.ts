/**
 * A small seeded PRNG (mulberry32): the same seed gives the same sequence on every run and
 * platform. Hand-written because it is ten lines and the fakes must not pull a dependency
 * into users' test installs for it.
 */
export interface Prng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** One element of a non-empty array. */
  pick<T>(values: readonly T[]): T;
  /** `length` characters from [0-9a-z]. */
  word(length: number): string;
}

/** A seeded pseudo-random generator: the same `seed` gives the same sequence, so fake data and faults are reproducible. */
export function createPrng(seed: number): Prng {
  let state = (seed >>> 0) ^ 0x9e3779b9;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick<T>(values: readonly T[]): T {
      if (values.length === 0) throw new RangeError("Prng.pick: empty array");
      return values[int(0, values.length - 1)] as T;
    },
    word(length: number) {
      const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";
      let out = "";
      for (let i = 0; i < length; i++) out += alphabet[int(0, alphabet.length - 1)];
      return out;
    },
  };
}

/** A version-4-shaped UUID drawn from `prng` (deterministic, not cryptographic). */
export function prngUuid(prng: Prng): string {
  const hex = (n: number) => Array.from({ length: n }, () => prng.int(0, 15).toString(16)).join("");
  const variant = "89ab"[prng.int(0, 3)] as string;
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
}
