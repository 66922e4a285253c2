const HOUR = 3_600_000;
export const MINUTE = 60_000;
export { HOUR };
export const DAY = 24 * HOUR;

/** An instant as the feed writes it: UTC with milliseconds and `Z`. */
export function utc(ms: number): string {
  return new Date(ms).toISOString();
}

/** An instant as the reset calendar writes it: Beijing time with milliseconds and `+08:00`. */
export function beijing(ms: number): string {
  return new Date(ms + 8 * HOUR).toISOString().replace("Z", "+08:00");
}

/** The Beijing calendar date of an instant. */
export function beijingDate(ms: number): string {
  return beijing(ms).slice(0, 10);
}

/** A stable, UUID-shaped id from a number (story public ids are UUIDs). */
export function uuidOf(n: number): string {
  const hex = (n * 2654435761 + 0x9e3779b9).toString(16).padStart(12, "0").slice(-12);
  return `5eed${hex.slice(0, 4)}-${hex.slice(4, 8)}-4${hex.slice(8, 11)}-8${String(n % 1000).padStart(3, "0")}-${hex}`;
}

/** A stable, cuid-like item id. */
export function itemIdOf(n: number): string {
  return `cmdemo${n.toString(36).padStart(6, "0")}${((n * 7919) % 46656).toString(36).padStart(3, "0")}`;
}
