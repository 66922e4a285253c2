// A timeout must fire whatever `fetch` is passed: undici links a Request's signal to the one it
// follows only through a WeakRef, so after a garbage collection an abort passed through a
// wrapper's own Request (`(r) => fetch(r)`) or an undici dispatcher may never arrive. The
// attempt's timeout, the overall deadline and the caller's signal each end the call.
import { settleWithGc, userFetches } from "@feedgate/test-harness";
import { expect, it } from "vitest";
import { createResilientFetch } from "../../src/index.js";

const fetches = [
  ...userFetches(),
  ["a wrapper passing init", (r: Request, init?: RequestInit) => fetch(r, init)] as const,
];
/** A caller's signal, aborted 400 ms from now. */
const abortLater = () => {
  const caller = new AbortController();
  setTimeout(() => caller.abort(), 400);
  return { signal: caller.signal };
};
const ends = [
  ["the attempt timeout", { timeoutMs: 400 }, () => ({}), { code: "attempt_timeout" }],
  ["the deadline", { deadlineMs: 400 }, () => ({}), { code: "deadline_exceeded" }],
  ["the caller's signal", {}, abortLater, { kind: "aborted", code: "aborted" }],
] as const;

it.each(
  ends.flatMap(([what, options, call, error]) =>
    fetches.map(([how, f]) => [what, how, f, options, call, error] as const),
  ),
)(
  "%s fires through %s after a garbage collection",
  async (_, __, wrapped, options, call, expected) => {
    const rf = createResilientFetch({ fetch: wrapped, maxRetries: 0, ...options });
    const { settled, error } = await settleWithGc((origin) => rf(`${origin}/hang`, call()));
    expect(settled).toBe(true);
    expect(error).toMatchObject(expected);
  },
);
