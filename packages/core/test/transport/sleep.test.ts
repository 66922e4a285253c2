import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { monotonicNow, pause, realSleep, watch } from "../../src/index.js";

describe("a loop's pause", () => {
  it("ends at once on a signal that fired before it, whatever sleep was injected", async () => {
    // A user's sleep that only listens for "abort" would wait for ever on a fired signal.
    const deaf = (_ms: number, signal?: AbortSignal) =>
      new Promise<void>((_, reject) => signal?.addEventListener("abort", reject, { once: true }));
    expect(await pause(deaf, 60_000, AbortSignal.abort())).toBe(false);
    expect(await pause(realSleep, 1, new AbortController().signal)).toBe(true);
  });
});

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

  it("keeps the process running while it waits, an endless wait too", () => {
    // AbortSignal.timeout's timer does not hold the process: were the sleep not holding it,
    // Node would find nothing left to do and reach "beforeExit" before the signal fires.
    const script = `
      const { realSleep } = await import(${JSON.stringify(new URL("../../dist/index.js", import.meta.url).href)});
      const early = () => { console.log("left waiting"); process.exit(3); };
      process.on("beforeExit", early);
      for (const ms of [50, Infinity])
        await realSleep(ms, AbortSignal.timeout(ms === 50 ? 5000 : 100)).then(
          () => console.log("slept"), (e) => console.log(e.name));
      process.off("beforeExit", early);`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(out.trim().split("\n")).toEqual(["slept", "TimeoutError"]);
  });

  it("treats NaN and negative waits as none, without a warning", async () => {
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.name);
    process.on("warning", warned);
    const started = monotonicNow();
    await realSleep(Number.NaN);
    await realSleep(-5);
    expect(monotonicNow() - started).toBeLessThan(100);
    // Warnings are emitted on a later turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    process.off("warning", warned);
    expect(warnings).toEqual([]);
  });
});

describe("the shared attempt-deadline timer", () => {
  it("fires each deadline once, no earlier than asked, and never after it is cancelled", async () => {
    const fired: string[] = [];
    /** Each deadline as scheduled: on a busy machine the watch() calls themselves may be milliseconds apart. */
    const deadline: Record<string, number> = {};
    const firedAt: Record<string, number> = {};
    let allFired: () => void = () => {};
    const done = new Promise<void>((resolve) => (allFired = resolve));
    const schedule = (name: string, ms: number) => {
      deadline[name] = monotonicNow() + ms;
      return watch(ms, () => {
        fired.push(name);
        firedAt[name] = monotonicNow();
        if (fired.length === 3) allFired();
      });
    };
    // Deadlines hundreds of ms apart: on a busy machine the calls themselves may be ms apart.
    schedule("late", 600);
    schedule("early", 10);
    const cancel = schedule("cancelled", 100);
    schedule("middle", 300);
    cancel();
    // Were the cancelled one still watched, it (due at 100 ms) would be among the first three to fire.
    await done;
    const byDeadline = ["late", "early", "middle"].sort((a, b) => deadline[a]! - deadline[b]!);
    expect(fired).toEqual(byDeadline);
    for (const name of byDeadline) expect(firedAt[name]).toBeGreaterThanOrEqual(deadline[name]!);
  });
});
