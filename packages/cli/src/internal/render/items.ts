import type { Item } from "@feedgate/feed-client";
import { formatUtc } from "./time.js";
import { table, type Ui } from "./ui.js";

/** Items as a table: time, title (★ for editorial picks), source, category and score. */
export function renderItems(
  items: readonly Item[],
  ui: Ui,
  by: "timeline" | "published" = "timeline",
  header = true,
): string {
  if (items.length === 0) return header ? ui.color.dim("No items match.") : "";
  const t = table(
    ui,
    [by === "published" ? "Published" : "Discovered", "Title", "Source", "Category", "Score"],
    [22, "flex", 24, 13, 7],
    { header },
  );
  for (const item of items) {
    const time = by === "published" ? (item.publishedAt ?? item.discoveredAt) : item.discoveredAt;
    const title = item.selected ? `${ui.color.yellow("★")} ${item.title}` : item.title;
    t.push([
      formatUtc(time),
      title,
      item.source.name,
      item.category ?? "-",
      item.score === null ? "-" : String(item.score),
    ]);
  }
  return t.toString();
}
