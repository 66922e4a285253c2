import { createHash } from "node:crypto";

/*
 * What PostgreSQL cannot hold or index, mapped to what it can. The file store keeps any JSON
 * the service sends; these make the PostgreSQL store keep the same items:
 * - text and jsonb cannot hold U+0000, and jsonb refuses a lone surrogate (`\ud800`);
 * - a btree index row over about 2,700 bytes fails the whole INSERT.
 */

/** A key cell (id, category) holds a value verbatim up to this many UTF-8 bytes; longer ones are hashed. */
export const MAX_KEY_BYTES = 1000;
/** Marks a hashed key or an encoded text cell. Verbatim values never start with it (those are hashed / encoded too). */
const MARK = "\u0001";

/** U+0000, or a surrogate without its pair. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;
const UNSTORABLE_ONE = new RegExp(UNSTORABLE.source);

const storable = (s: string) => !UNSTORABLE_ONE.test(s) && !s.startsWith(MARK);

/** A string PostgreSQL can hold: U+0000 and lone surrogates become U+FFFD (for search columns and the jsonb copy). */
export function plain(s: string): string {
  return UNSTORABLE_ONE.test(s) ? s.replace(UNSTORABLE, "\uFFFD") : s;
}

/**
 * The value of an indexed key column: the value itself when it is short and storable, else a
 * hash of it (`\u0001sha256:…`), so every id and category has an index row that fits, and
 * equal values map to equal keys.
 */
export function keyOf(value: string): string {
  if (storable(value) && Buffer.byteLength(value) <= MAX_KEY_BYTES) return value;
  return `${MARK}sha256:${createHash("sha256").update(JSON.stringify(value)).digest("hex")}`;
}

/** True for a key that is a hash: the value itself is read from the row's item. */
export const isHashedKey = (key: string) => key.startsWith(MARK);

/**
 * A text cell that round-trips any string (cursors, page tokens: the service's, sent back as
 * they came): verbatim when storable, else `\u0001` and the string as JSON (ASCII escapes).
 */
export function encodeText(s: string): string;
export function encodeText(s: string | null | undefined): string | null;
export function encodeText(s: string | null | undefined): string | null {
  if (s === null || s === undefined) return null;
  return storable(s) ? s : MARK + JSON.stringify(s);
}

/** The string an {@link encodeText} cell holds. */
export function decodeText(cell: string | null | undefined): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  return cell.startsWith(MARK) ? (JSON.parse(cell.slice(1)) as string) : cell;
}

/** A JSON value with every string (keys too) made storable, and whether anything changed. */
export function plainJson(value: unknown): { json: unknown; changed: boolean } {
  let changed = false;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const p = plain(v);
      if (p !== v) changed = true;
      return p;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[walk(k) as string] = walk(x);
      return out;
    }
    return v;
  };
  const json = walk(value);
  return { json, changed };
}

/**
 * A JSON document as two cells: the jsonb copy PostgreSQL can hold, and, only when that copy
 * differs, the exact JSON text (which escapes U+0000 and lone surrogates as `\u` sequences).
 */
export function jsonCells(value: unknown): { json: unknown; text: string | null } {
  const { json, changed } = plainJson(value);
  return { json, text: changed ? JSON.stringify(value) : null };
}

/** A `\u` escape JSON.stringify writes for U+0000 or a lone surrogate (or text that only looks like one). */
const ESCAPED_UNSTORABLE = /\\u(?:0000|d[89a-f])/i;

/**
 * {@link jsonCells} with the storable copy as JSON text, ready to send. JSON.stringify writes
 * U+0000 and every lone surrogate as a `\u` escape, so a text without one needs no walk over
 * the document (the common case, and the cost of every stored item).
 */
export function jsonTextCells(value: unknown): { jsonText: string; text: string | null } {
  const raw = JSON.stringify(value);
  if (!ESCAPED_UNSTORABLE.test(raw)) return { jsonText: raw, text: null };
  const { json, text } = jsonCells(value);
  return { jsonText: JSON.stringify(json), text };
}

/** The document two cells hold: the exact text when there is one, else the jsonb copy. */
export const jsonOf = (json: unknown, text: string | null | undefined): unknown =>
  text === null || text === undefined ? json : JSON.parse(text);

/** Years a timestamptz holds (4713 BC to 294276 AD), well inside: a time outside is no time. */
const MIN_TIME = Date.UTC(-4712, 0, 1);
const MAX_TIME = Date.UTC(275_000, 0, 1);

/** A time cell: the value as a Date when it is a date PostgreSQL holds, else null (the item keeps the text). */
export function timeOf(value: unknown): Date | null {
  if (typeof value !== "string" && !(value instanceof Date)) return null;
  const t = new Date(value).getTime();
  return Number.isFinite(t) && t >= MIN_TIME && t <= MAX_TIME ? new Date(t) : null;
}

/** UTC ISO 8601 as the service writes it, to the millisecond (years 1000 to 9999). */
const ISO_UTC =
  /^[1-9]\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,3})?Z$/;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * {@link timeOf} as the text of a time cell. A valid time in the service's own form goes as it
 * came, which PostgreSQL reads as it is (a Date turned back into text cost more than the rest
 * of a row); any other form as the ISO text of its Date, as before. A day the month does not
 * have (JavaScript rolls Feb 30 over, PostgreSQL refuses it) takes the Date path too. Never
 * finer than a millisecond, as the keyset cursors of `query` are.
 */
export function timeText(value: unknown): string | null {
  if (typeof value === "string") {
    const m = ISO_UTC.exec(value);
    if (m) {
      const [year, month, day] = [Number(value.slice(0, 4)), Number(m[1]), Number(m[2])];
      const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
      if (day <= DAYS[month - 1]! && !(month === 2 && day === 29 && !leap)) return value;
    }
  }
  return timeOf(value)?.toISOString() ?? null;
}
