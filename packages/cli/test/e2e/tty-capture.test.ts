import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoFakes, startDemoFakes } from "../../src/internal/demo/fakes.js";
import { BIN } from "./helpers.js";

/** Where the captures are kept (under the package's test output, next to the JSON report). */
const ARTIFACTS = fileURLToPath(new URL("../../.vitest/artifacts/", import.meta.url));

let fakes: DemoFakes;
beforeAll(async () => {
  fakes = await startDemoFakes({ gateway: false });
});
afterAll(() => fakes.close());

/** Runs the CLI on a real pseudo-terminal (util-linux `script`), stdout and stderr as a terminal shows them. */
function onTerminal(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, BIN, ...args]
    .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
    .join(" ");
  return new Promise((resolve) => {
    const child = spawn("script", ["-qfec", command, "/dev/null"], {
      env: {
        PATH: process.env["PATH"],
        TERM: "xterm-256color",
        COLUMNS: "110",
        LINES: "40",
        ...env,
      },
    });
    let screen = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (screen += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, screen });
    });
  });
}

/** What stays visible: each line as its last carriage return and erase-line left it, without colours. */
function visible(raw: string): string {
  return raw
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((line) =>
      line
        .split("\r")
        .at(-1)!
        .replace(/\x1b\[2K/g, ""),
    )
    .join("\n")
    .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");
}

describe("items --all on a terminal", () => {
  it("shows a progress line on stderr, rewritten in place as pages arrive, and tables as they come", async () => {
    const { code, screen } = await onTerminal(["items", "--all", "--page-size", "5"], {
      FEEDGATE_FEED_URL: fakes.feed!.url,
    });
    await mkdir(ARTIFACTS, { recursive: true });
    await writeFile(`${ARTIFACTS}items-all-progress.raw.txt`, screen);
    await writeFile(`${ARTIFACTS}items-all-progress.screen.txt`, visible(screen));
    expect(code).toBe(0);
    // The status line is drawn with CR + erase-line (in place), page after page.
    const updates = [...screen.matchAll(/\r\x1b\[2Kitems: (\d+) pages?, (\d+) items/g)].map(
      (m) => [Number(m[1]), Number(m[2])] as const,
    );
    expect(updates.length).toBeGreaterThan(3);
    expect(updates.map(([pages]) => pages)).toEqual(
      [...updates.map(([pages]) => pages)].sort((a, b) => a - b),
    );
    // Tables with borders and colour on a terminal, and the summary at the end.
    expect(screen).toContain("│");
    expect(screen).toMatch(/\x1b\[1m/);
    expect(visible(screen)).toMatch(/\d+ items in \d+ pages · \d+ selected/);
  });
});
