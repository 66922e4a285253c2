/**
 * Server text is data, never terminal commands. A title, a summary, an error detail or a
 * streamed delta could carry escape sequences that move the cursor, rewrite the screen, set the
 * window title, write to the clipboard (OSC 52) or forge a hyperlink (OSC 8); control characters
 * such as CR or BS can overwrite what is already shown. These functions remove all of them.
 */

/** OSC, DCS, SOS, PM and APC strings (7-bit and 8-bit introducers), up to their terminator or the end. */
const STRINGS = /(?:\x1b[\]PX^_]|[\x9d\x90\x98\x9e\x9f])[\s\S]*?(?:\x07|\x1b\\|\x9c|$)/g;
/** CSI sequences (7-bit `ESC [` and 8-bit 0x9B). */
const CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?/g;
/** Any other escape: ESC and the character after it, if any. */
const ESC = /\x1b[\s\S]?/g;
/** C0 controls but tab and newline, DEL, and C1 controls. */
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** `text` without escape sequences or control characters; tabs and newlines are kept. */
export function stripTerminalControls(text: string): string {
  return text.replace(STRINGS, "").replace(CSI, "").replace(ESC, "").replace(CONTROLS, "");
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
