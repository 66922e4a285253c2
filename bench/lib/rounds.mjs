import { median } from "./stats.mjs";

// Alternating rounds: every round runs each variant once, in an order rotated by one per round,
// so slow drift of the machine (frequency scaling, a neighbour's load) hits every variant alike
// and no variant always runs first or last.

/**
 * Runs `warmup` unrecorded rounds, then `rounds` recorded ones. Each variant's `run()` does one
 * batch of work and returns the amount of work done (requests, events, ...). Returns, per
 * variant name, the per-round cost in milliseconds per unit of work.
 * @param {{ variants: Array<{ name: string, run: () => Promise<number> }>, rounds: number, warmup: number, onRound?: (round: number) => void }} options
 */
export async function alternate({ variants, rounds, warmup, onRound }) {
  const costs = Object.fromEntries(variants.map((v) => [v.name, []]));
  for (let round = -warmup; round < rounds; round++) {
    const offset = ((round % variants.length) + variants.length) % variants.length;
    const order = [...variants.slice(offset), ...variants.slice(0, offset)];
    for (const variant of order) {
      globalThis.gc?.(); // a collection owed by the previous variant must not land in this one
      const start = performance.now();
      const units = await variant.run();
      const elapsed = performance.now() - start;
      if (!(units > 0)) throw new Error(`${variant.name}: did no work`);
      if (round >= 0) costs[variant.name].push(elapsed / units);
    }
    if (round >= 0) onRound?.(round);
  }
  return costs;
}

/** Per-round ratios a[i] / b[i] of two equally long series. */
export function pairedRatios(a, b) {
  return a.map((value, i) => value / b[i]);
}

/**
 * For short operations (one HTTP request): within each round the variants take turns one
 * operation at a time (A B C, B C A, C A B, ...), every operation is timed, and a round's
 * figure per variant is the median of its `perRound` timings, which shrugs off the odd
 * garbage collection or scheduler hiccup. Returns, per variant name, the per-round medians (ms).
 * @param {{ variants: Array<{ name: string, once: () => Promise<unknown> }>, rounds: number, warmup: number, perRound: number }} options
 */
export async function interleave({ variants, rounds, warmup, perRound }) {
  const medians = Object.fromEntries(variants.map((v) => [v.name, []]));
  for (let round = -warmup; round < rounds; round++) {
    const samples = variants.map(() => new Float64Array(perRound));
    for (let i = 0; i < perRound; i++) {
      for (let k = 0; k < variants.length; k++) {
        const index = (i + k) % variants.length;
        const start = performance.now();
        await variants[index].once();
        samples[index][i] = performance.now() - start;
      }
    }
    if (round >= 0)
      for (const [index, v] of variants.entries()) medians[v.name].push(median(samples[index]));
  }
  return medians;
}
