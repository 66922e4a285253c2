import stringWidth from "string-width";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Words up to this many columns are never split. */
const SHORT_WORD = 16;

/**
 * Wraps text to a display width, counting wide (CJK) characters as two columns. Breaks at
 * spaces where it can, and between any two characters of a run too long for a line (Chinese
 * titles have no spaces). Written here because cli-table3 truncates such runs instead of
 * wrapping them; cells are pre-wrapped with this and the table only lays them out.
 */
export function wrapToWidth(text: string, width: number): string {
  const out: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const word of paragraph.split(/(\s+)/)) {
      if (word === "") continue;
      const w = stringWidth(word);
      if (/^\s+$/.test(word)) {
        if (lineWidth > 0 && lineWidth + 1 <= width) {
          line += " ";
          lineWidth += 1;
        }
        continue;
      }
      if (lineWidth + w <= width) {
        line += word;
        lineWidth += w;
        continue;
      }
      // A short word moves to the next line whole; a long run (Chinese text) fills this one.
      if (w <= width && lineWidth > 0 && w <= SHORT_WORD) {
        out.push(line.trimEnd());
        line = word;
        lineWidth = w;
        continue;
      }
      // A run wider than the rest of the line: break it between characters.
      for (const { segment } of segmenter.segment(word)) {
        const cw = stringWidth(segment);
        if (lineWidth + cw > width && lineWidth > 0) {
          out.push(line.trimEnd());
          line = "";
          lineWidth = 0;
        }
        line += segment;
        lineWidth += cw;
      }
    }
    out.push(line.trimEnd());
  }
  return out.join("\n");
}
