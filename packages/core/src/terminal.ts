/**
 * `@feedgate/core/terminal`: the one rule for printing text that came from a server (or any
 * other third party). A title, a summary, an error detail or a streamed delta could carry escape
 * sequences that move the cursor, rewrite the screen, set the window title, write to the
 * clipboard (OSC 52) or forge a hyperlink (OSC 8); control characters such as CR or BS can
 * overwrite what is already shown. The CLI, the MCP server and the repository tools all print
 * through this function. Secrets are removed from what is printed with `redact` (before any
 * truncation), from here too. It is its own entry point, so a client bundle never carries it, and
 * a printer does not load the transport (whose `Response` subclass wakes Node's fetch).
 * @packageDocumentation
 */

/** OSC, DCS, SOS, PM and APC strings (7-bit and 8-bit introducers), up to their terminator or the end. */
const STRINGS = /(?:\x1b[\]PX^_]|[\x9d\x90\x98\x9e\x9f])[\s\S]*?(?:\x07|\x1b\\|\x9c|$)/g;
/** CSI sequences (7-bit `ESC [` and 8-bit 0x9B). */
const CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?/g;
/** Any other escape: ESC and the character after it, if any. */
const ESC = /\x1b[\s\S]?/g;
/** C0 controls but tab and newline, DEL, and C1 controls. */
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
/**
 * What a reader does not see but a model reads, or what reorders or breaks what is shown:
 * directional marks, embeddings, overrides and isolates (ALM, LRM, RLM, U+202A–U+202E,
 * U+2066–U+2069), zero-width spaces and joiners, the word joiner and invisible operators, BOM,
 * line and paragraph separators, and Unicode tag characters (U+E0000–U+E007F).
 */
const INVISIBLE = /[\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|\udb40[\udc00-\udc7f]/g;

/** How {@link stripTerminalControls} treats what is not an escape or a control character. */
export interface StripTerminalControlsOptions {
  /**
   * Also remove invisible and directional characters: bidirectional marks, embeddings,
   * overrides and isolates, zero-width spaces and joiners, the word joiner, BOM, line and
   * paragraph separators and Unicode tag characters (U+E0000–U+E007F), which reorder what is
   * shown or spell text a model reads and a person does not see: for text a reader may take as
   * instructions (the MCP server's answers, the CLI's error lines). Default: `false`.
   */
  stripBidi?: boolean;
}

/**
 * `text` without escape sequences (OSC, DCS, SOS, PM, APC strings; CSI; any other ESC pair, in
 * their 7-bit and 8-bit forms) or control characters (C0 but tab and newline, DEL, C1); with
 * `stripBidi`, without invisible and directional characters too. Tabs, newlines and every printable character
 * are kept.
 */
export function stripTerminalControls(
  text: string,
  options: StripTerminalControlsOptions = {},
): string {
  const stripped = text
    .replace(STRINGS, "")
    .replace(CSI, "")
    .replace(ESC, "")
    .replace(CONTROLS, "");
  return options.stripBidi === true ? stripped.replace(INVISIBLE, "") : stripped;
}

export { redact, secretForms } from "./internal/secrets.js";
