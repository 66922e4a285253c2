import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { fromRoot, loadSpec, type SpecValidator } from "@feedgate/test-harness";
import type { DemoFakes } from "../../src/demo/fakes.js";

/** The built CLI: the tests run exactly what `npx feedgate` runs. */
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

/** A running CLI process, for tests that interrupt it. */
export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout or stderr matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  done: Promise<CliResult>;
}

export function startCli(args: string[], env: Record<string, string | undefined> = {}): RunningCli {
  const child = spawn(process.execPath, [BIN, ...args], { env: baseEnv(env), stdio: "pipe" });
  let stdout = "";
  let stderr = "";
  const waiters: Array<() => void> = [];
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
    for (const w of waiters) w();
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
    for (const w of waiters) w();
  });
  const done = new Promise<CliResult>((resolve) => {
    child.on("close", (code, signal) => {
      allOutput.push(stdout, stderr);
      for (const w of waiters) w();
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    done,
    waitFor(pattern, timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pattern.test(stdout) || pattern.test(stderr)) {
            clearTimeout(timer);
            resolve();
          } else if (child.exitCode !== null) {
            clearTimeout(timer);
            reject(
              new Error(
                `exited (${child.exitCode}) before ${pattern}:\nstdout: ${stdout}\nstderr: ${stderr}`,
              ),
            );
          }
        };
        const timer = setTimeout(
          () =>
            reject(
              new Error(`timed out waiting for ${pattern}:\nstdout: ${stdout}\nstderr: ${stderr}`),
            ),
          timeoutMs,
        );
        waiters.push(check);
        check();
      });
    },
  };
}

/** Runs the built CLI to completion (bounded by `timeoutMs`). */
export async function runCli(
  args: string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 15_000,
): Promise<CliResult> {
  const running = startCli(args, env);
  const timer = setTimeout(() => running.child.kill("SIGKILL"), timeoutMs);
  try {
    return await running.done;
  } finally {
    clearTimeout(timer);
  }
}

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
