import { expect, it } from "vitest";
import { cleanText } from "../../src/index.js";

// The rule is @feedgate/core/terminal's; the MCP server also removes bidirectional controls,
// which could reorder what a reader (or a model's host) shows.
it("cleanText removes escapes, controls and bidirectional controls; keeps tabs, newlines and text", () => {
  expect(cleanText("a\x1b]52;c;cm0=\x07b\x1b[2Jc\rd\u202ee\u2066f\u2069\tg\nh")).toBe(
    "abcdef\tg\nh",
  );
  expect(cleanText("日本語 ✓")).toBe("日本語 ✓");
});

it("cleanText removes tag characters, zero-width and joiner characters, BOM, directional marks and line separators", () => {
  const hidden =
    "\u{e0001}\u{e0041}\u{e007f}\u200b\u200c\u200d\u2060\ufeff\u200e\u200f\u061c\u2028\u2029";
  expect(cleanText(`a${hidden}b`)).toBe("ab");
  expect(cleanText("👨‍👩‍👧".normalize())).not.toMatch(/\u200d/);
});
