import { describe, expect, it } from "vitest";
import { Output, type Streams } from "../../src/internal/cli/output.js";
import { StatusSpinner } from "../../src/internal/render/spinner.js";

function capture(tty: boolean) {
  const written = { stdout: "", stderr: "" };
  const streams: Streams = {
    stdout: { write: (t: string) => ((written.stdout += t), true), isTTY: tty },
    stderr: { write: (t: string) => ((written.stderr += t), true), isTTY: tty },
    env: { FORCE_COLOR: "1" },
  };
  return { out: new Output(streams), written };
}

describe("Output: the one place every line is filtered", () => {
  it("keeps the palette's colours and removes screen control, conceal, OSC 52 and CR from any text it prints", () => {
    const { out, written } = capture(true);
    out.print(`${out.color.red("red")} a\x1b[2Jb\x1b[Hc\x1b[8md\x1b]52;c;eA==\x07e\rf\x1b[1;1Hg`);
    out.note(`task \x1b[2J\x1b[3Jid\x1b[?1049h`);
    expect(written.stdout).toBe("\x1b[31mred\x1b[39m abcdefg\n");
    expect(written.stderr).toBe("task id\n");
  });

  it("its own redraws and in-place status lines are written only while animating", () => {
    const animated = capture(true);
    animated.out.clearScreen();
    animated.out.statusLine("3 pages\x1b[2J");
    expect(animated.written.stdout).toBe("\x1b[2J\x1b[H");
    expect(animated.written.stderr).toBe("\r\x1b[2K3 pages");
    const piped = capture(false);
    piped.out.clearScreen();
    piped.out.statusLine("3 pages");
    expect(piped.written.stdout + piped.written.stderr).toBe("");
  });
});

it("the spinner's text goes through the one filter on a terminal too (OSC 52, title, clear, conceal)", () => {
  const { out, written } = capture(true);
  Object.assign(out.stderrStream, {
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
  });
  const nasty = "\x1b]52;c;eA==\x07\x1b]0;title\x07\x1b[2J\x1b[8mhidden";
  const spinner = new StatusSpinner(out, `task ${nasty}`);
  spinner.update(`task ${nasty}: running`);
  spinner.succeed(`done ${nasty}`);
  expect(written.stderr).toContain("hidden");
  for (const planted of ["]52;", "]0;", "\x1b[2J", "\x1b[8m"])
    expect(written.stderr).not.toContain(planted);
});
