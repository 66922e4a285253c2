import Table from "cli-table3";
import type pc from "picocolors";
import { wrapToWidth } from "./wrap.js";

/** What a renderer needs from the terminal: colours (no-ops when disabled), a width, and whether it is one. */
export interface Ui {
  color: ReturnType<typeof pc.createColors>;
  columns: number;
  /** Whether stdout is a terminal. Default: true. Piped, tables become tab-separated rows. */
  tty?: boolean;
}

/** A table whose cells are wrapped to their column (display width, CJK counts double). */
export interface SizedTable {
  push(row: string[]): void;
  toString(): string;
}

/** The narrowest the flexible (title) column gets before fixed columns give up width. */
const MIN_FLEX = 20;
/** The narrowest a fixed column gets on a narrow terminal (its cells wrap). */
const MIN_FIXED = 6;

/**
 * Column widths (padding included) for a terminal of `columns`: the fixed columns as asked when
 * they fit beside a title column of {@link MIN_FLEX}; on a narrower terminal (70 columns, say)
 * they shrink in proportion, down to {@link MIN_FIXED}, so no line is wider than the terminal.
 */
export function columnWidths(columns: number, widths: Array<number | "flex">): number[] {
  // cli-table3 widths include one space of padding each side; each column adds a border.
  const room = columns - widths.length - 1;
  const fixed = widths.reduce<number>((sum, w) => sum + (w === "flex" ? 0 : w), 0);
  const scale = fixed + MIN_FLEX > room ? Math.max(0, room - MIN_FLEX) / fixed : 1;
  const sized = widths.map((w) =>
    w === "flex" ? w : Math.min(w, Math.max(MIN_FIXED, Math.floor(w * scale))),
  );
  const used = sized.reduce<number>((sum, w) => sum + (w === "flex" ? 0 : w), 0);
  const flex = Math.max(MIN_FIXED, room - used);
  return sized.map((w) => (w === "flex" ? flex : w));
}

/**
 * A table sized to the terminal; `flex` names the column that takes the remaining width
 * (titles). Cells are pre-wrapped by display width (see wrap.ts), so nothing is cut off.
 */
export function table(
  ui: Ui,
  head: string[],
  widths: Array<number | "flex">,
  { header = true }: { header?: boolean } = {},
): SizedTable {
  if (ui.tty === false) return tabSeparated(head, header);
  const colWidths = columnWidths(ui.columns, widths);
  const t = new Table({
    head: header ? head.map((h) => ui.color.bold(h)) : [],
    colWidths,
    wordWrap: false,
    style: { head: [], border: [], "padding-left": 1, "padding-right": 1 },
  });
  return {
    push: (row) => void t.push(row.map((cell, i) => wrapToWidth(cell, (colWidths[i] ?? 10) - 2))),
    toString: () => t.toString(),
  };
}

/** Indents every line of a block. */
export function indent(text: string, by = "  "): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : by + line))
    .join("\n");
}

/** Escape sequences of the CLI's own colours, which a pipe must not carry. */
const SGR = /\x1b\[[0-9;]*m/g;

/**
 * For a pipe (as `gh` does): a header line, then one line per row, cells separated by tabs,
 * no borders, no colour, no wrapping; tabs and newlines inside a cell become spaces.
 */
function tabSeparated(head: string[], header: boolean): SizedTable {
  const cell = (text: string) =>
    text
      .replace(SGR, "")
      .replace(/[\t\r\n]+/g, " ")
      .trim();
  const lines = header ? [head.map((h) => cell(h).toUpperCase()).join("\t")] : [];
  return {
    push: (row) => void lines.push(row.map(cell).join("\t")),
    toString: () => lines.join("\n"),
  };
}
