// The fault mix of the reliability runs: every kind the issue lists, in equal shares, adding up
// to `rate` of all responses. The fake applies the first matching rule, so each rule's
// probability is conditional on the earlier ones not having fired.

/** Waits the 429 / 503 faults ask for. */
export function retryWaits(options = {}) {
  return { 429: options.retryAfterMs429 ?? 40, 503: options.retryAfterMs503 ?? 60 };
}

export function faultKinds(options = {}) {
  const waits = retryWaits(options);
  const seconds = options.retryAfterSeconds;
  return [
    // retry-after-ms, as openai-node reads it; the feed's default Retry-After: 1 is switched off.
    { type: "status", status: 429, retryAfter: null, retryAfterMs: waits[429] },
    // Retry-After in delta-seconds when asked (the full bench), else retry-after-ms to stay fast.
    seconds === undefined
      ? { type: "status", status: 503, retryAfter: null, retryAfterMs: waits[503] }
      : { type: "status", status: 503, retryAfter: seconds },
    { type: "status", status: 500, retryAfter: null },
    { type: "reset" },
    { type: "truncate" },
    { type: "non-json" },
    { type: "delay", ms: options.delayMs ?? 15 },
  ];
}

/** Adds the rules for `route` (default every route) so that about `rate` of responses are faults. */
export function addFaultMix(fake, rate, options = {}) {
  const kinds = faultKinds(options);
  const share = rate / kinds.length;
  let used = 0;
  for (const fault of kinds) {
    fake.faults.add({ route: options.route ?? "*", fault, probability: share / (1 - used) });
    used += share;
  }
}

/**
 * Retries that came earlier than the 429/503 before them asked (requests are sequential, so
 * the next request is the retry). Returns the count and the shortest gap seen after such a fault.
 */
export function earlyRetries(requests, waitFor) {
  let early = 0;
  let checked = 0;
  let shortestMarginMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < requests.length; i++) {
    const r = requests[i];
    const wait = r.fault === "status" ? waitFor(r.status) : undefined;
    if (wait === undefined) continue;
    checked++;
    const gap = requests[i + 1].realAt - r.realAt;
    shortestMarginMs = Math.min(shortestMarginMs, gap - wait);
    if (gap < wait) early++;
  }
  return { early, checked, shortestMarginMs };
}
