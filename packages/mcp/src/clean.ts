import { stripTerminalControls } from "@feedgate/core/terminal";

/**
 * Feed text is third-party text: a title or summary may carry escape sequences or control
 * characters (cursor moves, OSC 8 links, OSC 52 clipboard writes) that a host could print to a
 * terminal or feed to a model as instructions hidden from the user. They are removed by the rule
 * the CLI prints with (`@feedgate/core/terminal`), and so are bidirectional overrides and
 * isolates, which could reorder what a reader sees.
 */

/** `text` without escape sequences, control characters or bidirectional controls (tabs and newlines kept). */
export function cleanText(text: string): string {
  return stripTerminalControls(text, { stripBidi: true });
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
