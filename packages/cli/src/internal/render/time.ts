/**
 * Times as the CLI shows them. Feed payloads carry UTC instants (`…Z`); the reset calendar
 * carries Beijing time (`…+08:00`), which is shown as given, since that is how its events are
 * announced and scheduled.
 */

/** A date's UTC fields as `2026-11-20 08:05`. */
const minutes = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-11-20T08:05:00.000Z` → `2026-11-20 08:05 UTC`; anything unparsable is returned as is. */
export function formatUtc(iso: string | null | undefined): string {
  if (!iso) return "-";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${minutes(d)} UTC`;
}

const BEIJING_OFFSET_MS = 8 * 3_600_000;

/**
 * A time in Beijing time (UTC+8): `2026-09-26T08:07:13.000+08:00` → `2026-09-26 08:07`.
 * Strings already at +08:00 keep their digits; other offsets are converted.
 */
export function formatBeijing(iso: string | null | undefined): string {
  if (!iso) return "-";
  const direct = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?\+08:00$/.exec(iso);
  if (direct) return `${direct[1]} ${direct[2]}`;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return minutes(new Date(d.getTime() + BEIJING_OFFSET_MS));
}

/** A Beijing-time range; the end drops its date when it is the same day. */
export function formatBeijingRange(
  from: string | null | undefined,
  through: string | null | undefined,
): string {
  const a = formatBeijing(from);
  const b = formatBeijing(through);
  if (a === b) return a;
  return a.slice(0, 10) === b.slice(0, 10) ? `${a}–${b.slice(11)}` : `${a} – ${b}`;
}
