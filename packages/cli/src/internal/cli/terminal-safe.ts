import { stripTerminalControls } from "@feedgate/core/terminal";

// Server text is data, never terminal commands: the rule itself (escapes and controls removed,
// tabs and newlines kept) is core's, shared with the MCP server. The CLI's own uses of it are here.

/**
 * Server text as the CLI's own lines quote it (an error line, once; a summary; a status): without
 * escapes, controls, invisible and directional characters (an echoed URI's RLO), not even a
 * colour of its own, and cut to an excerpt of at most 500 UTF-16 units.
 */
export function excerpt(text: unknown): string {
  const clean = stripTerminalControls(String(text), { stripBidi: true });
  if (clean.length <= 500) return clean;
  const kept = clean.slice(0, 500).replace(/[\ud800-\udbff]$/, "");
  return `${kept}… (${clean.length - kept.length} more characters)`;
}

/** A copy of a server's data with every string made safe to print (for human output, never `--json`). */
export function cleanForTerminal<T>(value: T): T {
  if (typeof value === "string") return stripTerminalControls(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => cleanForTerminal(v)) as T;
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[stripTerminalControls(k)] = cleanForTerminal(v);
    return out as T;
  }
  return value;
}

/**
 * The only sequences a write may carry: the colours and weights the CLI's own palette uses
 * (picocolors' bold, dim, italic, underline, the eight colours, bright ones, and their resets).
 * Everything else is removed from every write, whoever composed the line: a screen clear, a
 * cursor move, conceal (SGR 8), a clipboard write (OSC 52) or a carriage return in service text
 * that reached a summary line never reaches the terminal. The CLI's own screen redraws and
 * in-place status lines do not go through this filter (`Output.clearScreen`, `Output.statusLine`).
 */
const OURS = /\x1b\[(?:0|1|2|3|4|22|23|24|3[0-7]|39|9[0-7])m/g;

export function keepOnlyOwnSequences(text: string): string {
  let out = "";
  let from = 0;
  for (const match of text.matchAll(OURS)) {
    out += stripTerminalControls(text.slice(from, match.index)) + match[0];
    from = match.index + match[0].length;
  }
  return out + stripTerminalControls(text.slice(from));
}
