// Issue 34, item 1: a fresh machine is often root with the checkout inside a folder only root
// may enter (`/root/…`, any `mktemp -d`). There PostgreSQL, which refuses to run as root, runs
// as the `postgres` user, who cannot reach the checkout. This test copies the committed HEAD
// into a fresh `mkdtemp` folder (mode 0700), installs it on its own (offline, from the package
// store), and runs every PostgreSQL-backed test there, and `pg:start` with its default folder.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { freePort } from "@feedgate/test-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScratchClone, scratchClone } from "../test/support/scratch-clone.js";

let scratch: ScratchClone;
const asRoot = process.getuid?.() === 0;

async function inClone(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)("pnpm", args, {
      cwd: scratch.dir,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      timeout: 400_000,
      env: { ...process.env, CI: "true" },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, output: `${e.stdout}${e.stderr}` };
  }
}

/** Runs vitest on `path` in the clone's package `filter`. */
const vitestIn = (filter: string, path: string) =>
  inClone(["--filter", filter, "exec", "vitest", "run", path]);

/** The vitest JSON report a package's run wrote in the clone. */
function passedIn(path: string): number {
  const report = JSON.parse(
    readFileSync(join(scratch.dir, path, ".vitest", "report.json"), "utf8"),
  );
  expect(report.numFailedTests).toBe(0);
  return report.numPassedTests;
}

beforeAll(async () => {
  scratch = scratchClone("feedgate-root-only-", { linkDependencies: false });
  const installed = await inClone(["install", "--frozen-lockfile", "--offline"]);
  expect(installed.code, installed.output).toBe(0);
  const built = await inClone([
    "exec",
    "turbo",
    "run",
    "build",
    "--filter=@feedgate/postgres...",
    "--filter=@feedgate/test-harness",
    "--filter=feedgate...",
    "--output-logs=errors-only",
  ]);
  expect(built.code, built.output).toBe(0);
});
afterAll(() => scratch?.remove());

describe("PostgreSQL from a checkout inside a folder only its owner may enter", () => {
  it("the clone's folder lets no one else in (mkdtemp: 0700)", () => {
    expect(statSync(scratch.dir).mode & 0o077).toBe(0);
  });

  it("@feedgate/postgres's tests pass there", async () => {
    const run = await inClone(["--filter", "@feedgate/postgres", "test"]);
    expect(run.code, run.output).toBe(0);
    expect(passedIn("packages/postgres")).toBeGreaterThan(40);
  });

  it("the CLI's PostgreSQL store tests and pg:start's tests pass there", async () => {
    const cli = await vitestIn("feedgate", "test/e2e/postgres-store.test.ts");
    expect(cli.code, cli.output).toBe(0);
    expect(passedIn("packages/cli")).toBeGreaterThan(0);
    const pgStart = await vitestIn("@feedgate/tools", "test/pg-start");
    expect(pgStart.code, pgStart.output).toBe(0);
    expect(passedIn("tools")).toBe(2);
  });

  // As root the default data folder (.tmp/postgres in the checkout) is out of the server
  // user's reach: pg:start says so and keeps the data under /var/tmp instead (removed
  // afterwards unless it was there before). As another user it stays in the checkout.
  it("pg:start with its defaults starts, keeps the data where its server can reach it, and stops on SIGINT", async () => {
    const fallback = "/var/tmp/feedgate-postgres";
    const ours = asRoot && !existsSync(fallback);
    let child: ChildProcess | undefined;
    try {
      child = spawn(process.execPath, ["tools/pg-start.mjs", "--port", String(await freePort())], {
        cwd: scratch.dir,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
      const url = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child!.stdout! }).on("line", (line) => {
          const match = /^export FEEDGATE_STORE=(\S+)$/.exec(line);
          if (match) resolve(match[1]!);
        });
        child!.once("exit", (code) => reject(new Error(`pg:start exited (${code}): ${stderr}`)));
      });
      expect(new URL(url).hostname).toBe("127.0.0.1");
      const data = asRoot ? join(fallback, "data") : join(scratch.dir, ".tmp", "postgres", "data");
      if (asRoot) expect(stderr).toMatch(/only root may enter.*\/var\/tmp\/feedgate-postgres/);
      expect(statSync(data).mode & 0o777).toBe(0o700);
      const exited = once(child, "exit");
      child.kill("SIGINT");
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child?.exitCode === null) child.kill("SIGKILL");
      if (ours) rmSync(fallback, { recursive: true, force: true });
    }
  });
});
