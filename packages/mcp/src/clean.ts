/**
 * Feed text is third-party text: a title or summary may carry escape sequences or control
 * characters (cursor moves, OSC 8 links, OSC 52 clipboard writes) that a host could print to a
 * terminal or feed to a model as instructions hidden from the user. They are removed, as the
 * CLI removes them before printing. The CLI's own function is not a published entry point, so
 * this is the same rule set, kept small.
 */

/** OSC, DCS, SOS, PM and APC strings (7-bit and 8-bit introducers), up to their terminator or the end. */
const STRINGS = /(?:\x1b[\]PX^_]|[\x9d\x90\x98\x9e\x9f])[\s\S]*?(?:\x07|\x1b\\|\x9c|$)/g;
/** CSI sequences (7-bit `ESC [` and 8-bit 0x9B). */
const CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?/g;
/** Any other escape: ESC and the character after it, if any. */
const ESC = /\x1b[\s\S]?/g;
/** C0 controls but tab and newline, DEL, C1 controls, and bidirectional overrides and isolates. */
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/** `text` without escape sequences or control characters (tabs and newlines kept). */
export function cleanText(text: string): string {
  return text.replace(STRINGS, "").replace(CSI, "").replace(ESC, "").replace(CONTROLS, "");
}

/**
 * `value` cleaned and cut to at most `max` code points (an ellipsis marks a cut); `null` when
 * it is not a non-empty string.
 */
export function clip(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = cleanText(value).trim();
  if (text === "") return null;
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join("")}…`;
}
