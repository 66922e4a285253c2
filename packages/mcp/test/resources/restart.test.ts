import { fakeTime } from "@feedgate/test-harness";
import { expect, it } from "vitest";
import { createResourceWatchers, type ServerKit } from "../../src/index.js";

it("a watcher that fails for good is reported, then started again after restartMs on the injected sleep", async () => {
  const time = fakeTime(0);
  let starts = 0;
  const changed: number[] = [];
  const errors: string[] = [];
  const kit = {
    async *pollUntilChanged(_op: string, _params: unknown, { signal }: { signal: AbortSignal }) {
      if (++starts === 1) throw new Error("gone for good");
      yield 1; // the baseline
      yield 2; // a change
      await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
    },
  } as unknown as ServerKit;
  const watchers = createResourceWatchers(kit, {
    restartMs: 5000,
    sleep: time.sleep,
    onError: (uri, error) => errors.push(`${uri}: ${(error as Error).message}`),
  });
  const stop = watchers.subscribe("feedgate://hot-topics", () => changed.push(starts));
  // Bounded: the failure is reported and the restart waits on the fake time, not on a timer.
  for (let i = 0; i < 1000 && time.pending() === 0; i++) await new Promise((r) => setImmediate(r));
  expect(errors).toEqual(["feedgate://hot-topics: gone for good"]);
  expect(time.next()).toBe(5000);
  time.advance();
  for (let i = 0; i < 1000 && changed.length === 0; i++) await new Promise((r) => setImmediate(r));
  expect(changed).toEqual([2]);
  stop();
  expect(watchers.active()).toEqual([]);
});
