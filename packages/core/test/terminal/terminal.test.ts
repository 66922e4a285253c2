import { describe, expect, it } from "vitest";
import { stripTerminalControls } from "../../src/terminal.js";

/** Escape sequences a hostile server might plant in a title: OSC title, OSC 52 clipboard, OSC 8 link, CSI clear, 8-bit CSI, BEL, CR, backspace. */
const NASTY =
  "\x1b]0;pwned\x07\x1b]52;c;cm0gLXJmIH4=\x07\x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\\x1b[2J\x1b[1;1H\x9b31m\x07\rover\bwrite\x1b[31mred\x1b[0m";

describe("stripTerminalControls", () => {
  it("removes every escape and control but newlines and tabs", () => {
    expect(stripTerminalControls(`a${NASTY}\tb\nc`)).toBe("alinkoverwritered\tb\nc");
  });

  it("keeps printable text of every script as it is", () => {
    expect(stripTerminalControls("plain text, 日本語 ✓")).toBe("plain text, 日本語 ✓");
    expect(stripTerminalControls("")).toBe("");
  });

  it("removes 8-bit string introducers up to their terminator, and an unterminated one to the end", () => {
    expect(stripTerminalControls("a\x9d0;title\x9cb")).toBe("ab");
    expect(stripTerminalControls("a\x90dcs data\x1b\\b")).toBe("ab");
    expect(stripTerminalControls("a\x1b]52;c;unterminated")).toBe("a");
    expect(stripTerminalControls("a\x1b_apc\x07b\x1bPdcs\x1b\\c\x1b^pm\x07d\x1bXsos\x07e")).toBe(
      "abcde",
    );
  });

  it("removes a lone ESC and the character after it, C0 controls, DEL and C1 controls", () => {
    expect(stripTerminalControls("a\x1bcb\x1b")).toBe("ab");
    expect(stripTerminalControls("a\x00\x08\x0b\x0c\x0d\x1f\x7f\x80\x85\x9ab")).toBe("ab");
  });

  it("keeps bidirectional controls unless stripBidi is set", () => {
    const text = "a\u202eb\u2066c\u2069d\u202ae";
    expect(stripTerminalControls(text)).toBe(text);
    expect(stripTerminalControls(text, { stripBidi: false })).toBe(text);
    expect(stripTerminalControls(text, { stripBidi: true })).toBe("abcde");
    expect(stripTerminalControls(`\x1b[2J${text}\x07`, { stripBidi: true })).toBe("abcde");
  });
});
