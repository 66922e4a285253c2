import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import type { FeedFake, GatewayFake } from "@feedgate/mock";
import { fromRoot, loadSpec, type SpecValidator } from "@feedgate/test-harness";
import { afterAll, beforeAll } from "vitest";
import type { SignalSource } from "../../src/internal/cli/interrupt.js";
import {
  type DemoFakes,
  type DemoFakesOptions,
  startDemoFakes,
} from "../../src/internal/demo/fakes.js";
import { main } from "../../src/internal/main.js";

/** The built CLI: the process tests run exactly what `npx feedgate` runs. */
export const BIN = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

/** A key distinctive enough that any echo of it (whole or without `sk-`) is found. */
export const TEST_KEY = "sk-test-Zq8rT41vKp0aLx9mWc2";

/** The CLI's environment for these fakes: the URL of each one running, and TEST_KEY with a gateway. */
export function cliEnv(fakes: DemoFakes): Record<string, string> {
  return {
    ...(fakes.feed && { FEEDGATE_FEED_URL: fakes.feed.url }),
    ...(fakes.gateway && { FEEDGATE_GATEWAY_URL: fakes.gateway.url, FEEDGATE_API_KEY: TEST_KEY }),
  };
}

/** What a test file works with: the demo's fakes (each one started) and the CLI's environment for them. */
export interface DemoFixture {
  fakes: DemoFakes;
  feed: FeedFake;
  gateway: GatewayFake;
  env: Record<string, string>;
}

/** Starts the demo's fakes before the file's tests and stops them after. */
export function demoFixture(options: DemoFakesOptions): DemoFixture {
  const fixture = {} as DemoFixture;
  beforeAll(async () => {
    const fakes = await startDemoFakes(options);
    Object.assign(fixture, { fakes, feed: fakes.feed, gateway: fakes.gateway, env: cliEnv(fakes) });
  });
  afterAll(() => fixture.fakes?.close());
  return fixture;
}

/** What a test file of the gateway commands works with, set before its first test. */
export interface GatewayFixture {
  /** The demo's gateway fake, accepting {@link TEST_KEY}. */
  gateway: GatewayFake;
  /** The CLI's environment for it. */
  env: Record<string, string>;
  /** A scratch directory of the file's own, removed after its tests. */
  work: string;
}

/** Starts the demo's gateway fake and a scratch directory before the file's tests; both go after them. */
export function gatewayFixture(name: string): GatewayFixture {
  const fixture = {} as GatewayFixture;
  let fakes: DemoFakes | undefined;
  beforeAll(async () => {
    fakes = await startDemoFakes({ feed: false, apiKey: TEST_KEY });
    Object.assign(fixture, {
      gateway: fakes.gateway!,
      env: cliEnv(fakes),
      work: await mkdtemp(join(tmpdir(), `feedgate-${name}-`)),
    });
  });
  afterAll(async () => {
    await fakes?.close();
    if (fixture.work) await rm(fixture.work, { recursive: true, force: true });
  });
  return fixture;
}

let feedSpec: SpecValidator | undefined;
let gatewaySpec: SpecValidator | undefined;
export const specs = {
  get feed() {
    return (feedSpec ??= loadSpec(fromRoot("specs/feed/dist/openapi-v1.json")));
  },
  get gateway() {
    return (gatewaySpec ??= loadSpec(fromRoot("specs/gateway/dist/openapi.json")));
  },
};

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Every output of every run in this worker, for the "key never printed" checks. */
export const allOutput: string[] = [];

// The in-process runs format times in this process: the same zone the spawned ones get.
process.env["TZ"] = "UTC";

function baseEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  // A clean environment: no inherited FEEDGATE_* settings, no colour, not CI-dependent.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env["PATH"],
    HOME: process.env["HOME"],
    NO_COLOR: "1",
    TZ: "UTC",
  };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** What a running CLI shows so far, and a wait for what it will show. */
interface Watched {
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout or stderr matches; rejects when the run ends first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  done: Promise<CliResult>;
}

/** Collects a run's output and wakes whoever waits for a pattern in it. */
function watched(): {
  out: { stdout: string; stderr: string; ended: string | undefined };
  changed(): void;
  view(done: Promise<CliResult>): Watched;
} {
  const out = { stdout: "", stderr: "", ended: undefined as string | undefined };
  const waiters: Array<() => void> = [];
  return {
    out,
    changed: () => {
      for (const w of waiters) w();
    },
    view: (done) => ({
      stdout: () => out.stdout,
      stderr: () => out.stderr,
      done,
      waitFor(pattern, timeoutMs = 10_000) {
        return new Promise<void>((resolve, reject) => {
          const check = () => {
            if (pattern.test(out.stdout) || pattern.test(out.stderr)) {
              clearTimeout(timer);
              resolve();
            } else if (out.ended !== undefined) {
              clearTimeout(timer);
              reject(
                new Error(
                  `exited (${out.ended}) before ${pattern}:\nstdout: ${out.stdout}\nstderr: ${out.stderr}`,
                ),
              );
            }
          };
          const timer = setTimeout(
            () =>
              reject(
                new Error(
                  `timed out waiting for ${pattern}:\nstdout: ${out.stdout}\nstderr: ${out.stderr}`,
                ),
              ),
            timeoutMs,
          );
          waiters.push(check);
          check();
        });
      },
    }),
  };
}

/** A CLI run in this process through `main()`, for tests that interrupt it or feed its stdin. */
export interface RunningCli extends Watched {
  /** Ctrl-C: what the process's SIGINT handler would receive (a second one "exits" with 130). */
  interrupt(): void;
  /** Its standard input: write to it, then end it. */
  stdin: PassThrough;
}

/**
 * Runs `feedgate args…` in this process through `main()`: the same program as the binary,
 * with argv, environment, stdout/stderr writers, stdin and the signal source injected. No child
 * process: what a test asserts about output, exit codes and Ctrl-C holds without paying for a
 * process start. The few tests about the process itself use {@link startBin}.
 */
export function startCli(args: string[], env: Record<string, string | undefined> = {}): RunningCli {
  const { out, changed, view } = watched();
  const sink = (key: "stdout" | "stderr") => ({
    write(chunk: string) {
      out[key] += chunk;
      changed();
      return true;
    },
  });
  const listeners = new Set<() => void>();
  let exited: ((code: number) => void) | undefined;
  const signals: SignalSource = {
    on: (_event, listener) => listeners.add(listener),
    off: (_event, listener) => listeners.delete(listener),
    exit(code) {
      exited?.(code);
      throw new Error(`exit(${code})`);
    },
  };
  const stdin = new PassThrough();
  const done = new Promise<CliResult>((resolve, reject) => {
    const finish = (code: number) => {
      if (out.ended !== undefined) return;
      out.ended = String(code);
      allOutput.push(out.stdout, out.stderr);
      changed();
      resolve({ code, signal: null, stdout: out.stdout, stderr: out.stderr });
    };
    exited = finish;
    main(
      ["node", "feedgate", ...args],
      { stdout: sink("stdout"), stderr: sink("stderr"), env: baseEnv(env), stdin },
      signals,
    ).then(finish, reject);
  });
  return {
    ...view(done),
    stdin,
    interrupt: () => {
      try {
        for (const listener of [...listeners]) listener();
      } catch {
        // A second Ctrl-C "exits": the run has ended with 130.
      }
    },
  };
}

/** Runs `feedgate args…` in this process to completion (Ctrl-C after `timeoutMs`). */
export function runCli(
  args: string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 15_000,
): Promise<CliResult> {
  const running = startCli(args, env);
  // Nothing is piped in: standard input is empty, as `< /dev/null`.
  running.stdin.end();
  return bounded(running.done, () => running.interrupt(), timeoutMs);
}

/** A run's result, or `stop()` once `timeoutMs` has passed without one (then the result that brings). */
async function bounded(
  done: Promise<CliResult>,
  stop: () => void,
  timeoutMs: number,
): Promise<CliResult> {
  const timer = setTimeout(stop, timeoutMs);
  try {
    return await done;
  } finally {
    clearTimeout(timer);
  }
}

/** A process of the built CLI, for the tests about the process itself (signals, TTY, pipes, start-up). */
export interface RunningBin extends Watched {
  child: ChildProcessWithoutNullStreams;
}

/** Spawns the built CLI (`node dist/bin.js args…`), exactly what `npx feedgate` runs. */
export function startBin(args: string[], env: Record<string, string | undefined> = {}): RunningBin {
  const child = spawn(process.execPath, [BIN, ...args], { env: baseEnv(env), stdio: "pipe" });
  const { out, changed, view } = watched();
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    out.stdout += d;
    changed();
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    out.stderr += d;
    changed();
  });
  const done = new Promise<CliResult>((resolve) => {
    child.on("close", (code, signal) => {
      out.ended = String(code ?? signal);
      allOutput.push(out.stdout, out.stderr);
      changed();
      resolve({ code, signal, stdout: out.stdout, stderr: out.stderr });
    });
  });
  return { ...view(done), child };
}

/** Runs the built CLI's process to completion (killed after `timeoutMs`). */
export const runBin = (
  args: string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 15_000,
) => {
  const { done, child } = startBin(args, env);
  return bounded(done, () => child.kill("SIGKILL"), timeoutMs);
};

/** Parses JSON lines (watch modes, mirror). */
export function jsonLines(text: string): unknown[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as unknown);
}

/** Asserts a value against a spec pointer with a readable message. */
export function expectValid(result: { valid: boolean; text: string }): void {
  if (!result.valid) throw new Error(`not valid against the spec:\n${result.text}`);
}
