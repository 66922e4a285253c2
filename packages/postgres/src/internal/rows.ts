import type { SelectedItem } from "@feedgate/kit/mirror";
import type postgres from "postgres";
import { jsonOf, jsonTextCells, keyOf, timeText } from "./cells.js";

/** The item's fields that are also columns. */
type Cells = { id: string; category?: unknown; publishedAt?: unknown; discoveredAt?: unknown };

/** The indexed columns of an item, beside the item itself (see cells.ts for what is mapped how). */
export function rowOf(item: SelectedItem) {
  const i = item as Cells;
  const { jsonText, text } = jsonTextCells(item);
  return {
    id: keyOf(i.id),
    category: typeof i.category === "string" ? keyOf(i.category) : null,
    published_at: timeText(i.publishedAt),
    discovered_at: timeText(i.discoveredAt),
    /** The jsonb copy as JSON text (inserted into the rows' JSON as it is). */
    item: jsonText,
    item_text: text,
  };
}

/**
 * Rows as one JSON array for `jsonb_to_recordset`: each row's item goes in as the JSON text it
 * already is, and the cells are written out directly (no object per row to stringify again).
 */
export function rowsJson(rows: ReturnType<typeof rowOf>[]): string {
  const cell = (v: string | null) => (v === null ? "null" : JSON.stringify(v));
  return `[${rows
    .map(
      (r) =>
        `{"id":${cell(r.id)},"category":${cell(r.category)},"published_at":${cell(r.published_at)},"discovered_at":${cell(r.discovered_at)},"item_text":${cell(r.item_text)},"item":${r.item}}`,
    )
    .join(",")}]`;
}

/**
 * True when a row's cells are its item's own fields as they came (the common case: a short
 * storable id and category, times in the service's ISO form, no text jsonb cannot hold), so
 * PostgreSQL can read them out of the item itself and the page need not carry them twice.
 */
export function cellsAreFields(row: ReturnType<typeof rowOf>, item: SelectedItem): boolean {
  const i = item as Cells;
  const same = (cell: string | null, field: unknown) =>
    cell === null ? field === undefined || field === null : cell === field;
  return (
    row.item_text === null &&
    row.id === i.id &&
    same(row.category, i.category) &&
    same(row.published_at, i.publishedAt) &&
    same(row.discovered_at, i.discoveredAt)
  );
}

/** The item a row holds. */
export const itemOf = (row: postgres.Row) => jsonOf(row["item"], row["item_text"]) as SelectedItem;

/** The columns of a row as `jsonb_to_recordset` reads them from {@link rowsJson}. */
export const RECORD =
  "id text, category text, published_at timestamptz, discovered_at timestamptz, item jsonb, item_text text";
/** The columns an upsert replaces: all but the key. */
export const REPLACE =
  "category = excluded.category, published_at = excluded.published_at, discovered_at = excluded.discovered_at, item = excluded.item, item_text = excluded.item_text";
