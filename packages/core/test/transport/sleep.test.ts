import { describe, expect, it } from "vitest";
import { monotonicNow, realSleep, watch } from "../../src/index.js";

describe("the default sleep", () => {
  it("never ends before the full wait", async () => {
    for (const ms of [1, 7, 25]) {
      const started = monotonicNow();
      await realSleep(ms);
      expect(monotonicNow() - started).toBeGreaterThanOrEqual(ms);
    }
  });

  it("stops at once when aborted, even an endless wait", async () => {
    const controller = new AbortController();
    const started = monotonicNow();
    setTimeout(() => controller.abort(new Error("stop")), 10);
    await expect(realSleep(Number.POSITIVE_INFINITY, controller.signal)).rejects.toThrow("stop");
    expect(monotonicNow() - started).toBeLessThan(1000);
    await expect(realSleep(10, AbortSignal.abort(new Error("already")))).rejects.toThrow("already");
  });

  it("treats NaN and negative waits as none", async () => {
    const started = monotonicNow();
    await realSleep(Number.NaN);
    await realSleep(-5);
    expect(monotonicNow() - started).toBeLessThan(100);
  });
});

describe("the shared attempt-deadline timer", () => {
  it("fires each deadline once, no earlier than asked, and never after it is cancelled", async () => {
    const fired: string[] = [];
    const started = monotonicNow();
    const at: Record<string, number> = {};
    const mark = (name: string) => () => {
      fired.push(name);
      at[name] = monotonicNow() - started;
    };
    watch(40, mark("late"));
    watch(10, mark("early"));
    const cancel = watch(20, mark("cancelled"));
    watch(25, mark("middle"));
    cancel();
    await new Promise((r) => setTimeout(r, 80));
    expect(fired).toEqual(["early", "middle", "late"]);
    expect(at["early"]).toBeGreaterThanOrEqual(10);
    expect(at["middle"]).toBeGreaterThanOrEqual(25);
    expect(at["late"]).toBeGreaterThanOrEqual(40);
  });
});
