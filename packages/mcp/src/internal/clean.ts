import { stripTerminalControls } from "@feedgate/core/terminal";
import { createError } from "@feedgate/kit";
import { MCP_LIMITS } from "./limits.js";

/**
 * Feed text is third-party text: a title or summary may carry escape sequences or control
 * characters (cursor moves, OSC 8 links, OSC 52 clipboard writes) that a host could print to a
 * terminal or feed to a model as instructions hidden from the user. They are removed by the rule
 * the CLI prints with (`@feedgate/core/terminal`), and so are invisible and directional
 * characters (tag characters, zero-width joiners, BOM, directional marks, line separators).
 */

/** `text` without escape sequences, control characters or invisible and directional characters (tabs and newlines kept). */
export function cleanText(text: string): string {
  return stripTerminalControls(text, { stripBidi: true });
}

/**
 * `value` cleaned, on one line (any run of whitespace, newlines included, is one space) and cut
 * to at most `max` code points (default: `MCP_LIMITS.fieldChars`) (an ellipsis marks a cut); `null` when it is not a non-empty string.
 */
export function clip(value: unknown, max: number = MCP_LIMITS.fieldChars): string | null {
  if (typeof value !== "string") return null;
  const text = cleanText(value).replace(/\s+/g, " ").trim();
  if (text === "") return null;
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join("")}…`;
}

/** The service's cursor as it came, or `null`; one over `max` units or holding what {@link clip} removes is refused. */
export function cursorOf(value: unknown, max: number): string | null {
  if (typeof value !== "string" || value === "") return null;
  if (value.length <= max && clip(value, max) === value) return value;
  const message = `the service's nextCursor is not a plain cursor of at most ${max} characters: not passed on`;
  throw createError({ kind: "invalid_response", code: "invalid_cursor", message });
}
