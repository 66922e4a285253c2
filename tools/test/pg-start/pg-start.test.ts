// Issue 24, item 5: `pnpm pg:start` gives a newcomer a PostgreSQL without Docker. It prints the
// FEEDGATE_STORE line, the server answers there, and Ctrl-C (SIGINT) stops it with exit 0.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
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
async function runOnce(port: number): Promise<string> {
  child = spawn(
    process.execPath,
    [join(root, "tools", "pg-start.mjs"), "--port", String(port), "--dir", dir!],
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

describe("pnpm pg:start", () => {
  it("starts PostgreSQL on 127.0.0.1, prints FEEDGATE_STORE, answers select 1, and stops on SIGINT with exit 0; a second run reuses the data and its password", async () => {
    dir = await mkdtemp(join(tmpdir(), "feedgate-pg-start-"));
    const port = await freePort();
    const first = await runOnce(port);
    expect(await runOnce(port)).toBe(first);
  }, 120_000);
});
