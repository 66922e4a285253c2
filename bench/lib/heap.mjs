// Heap measurement (needs --expose-gc). `live()` forces a full collection first, so it reads
// what is really retained, not garbage waiting for the next collection.

export function live() {
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

/**
 * Tracks the high-water mark of the retained heap above a baseline: call `sample()` every so
 * often (it collects, so not on every item); `peak` is the largest growth seen.
 */
export function heapTracker() {
  const baseline = live();
  let peak = 0;
  return {
    baseline,
    sample() {
      const grown = live() - baseline;
      if (grown > peak) peak = grown;
      return grown;
    },
    get peak() {
      return peak;
    },
  };
}
