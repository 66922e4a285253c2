// `--help` and `--version` load commander and the command definitions, not the transport: its
// `class … extends Response` would wake Node's fetch (the global `Response` is made on first
// use, 30 ms and more of every start). Watched from outside: a preload that says when the
// global is first read.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { BIN } from "./helpers.js";

const run = promisify(execFile);
const WATCH = `const own = Object.getOwnPropertyDescriptor(globalThis, "Response");
Object.defineProperty(globalThis, "Response", {
  configurable: true,
  get() {
    process.stderr.write("[Response woken]\\n");
    Object.defineProperty(globalThis, "Response", own);
    return globalThis.Response;
  },
});
`;

it.each([["--help"], ["--version"], ["help", "mirror"]])(
  "feedgate %s never wakes Node's fetch (the global Response stays unmade)",
  async (...args) => {
    const dir = await mkdtemp(join(tmpdir(), "feedgate-startup-"));
    try {
      const preload = join(dir, "watch-response.mjs");
      await writeFile(preload, WATCH);
      const { stdout, stderr } = await run(process.execPath, ["--import", preload, BIN, ...args]);
      expect(stdout).toMatch(/feedgate|\d+\.\d+\.\d+/);
      expect(stderr).not.toContain("[Response woken]");
      // The watch itself works: a script that reads the global is seen.
      const control = await run(process.execPath, ["--import", preload, "-e", "Response"]);
      expect(control.stderr).toContain("[Response woken]");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);
