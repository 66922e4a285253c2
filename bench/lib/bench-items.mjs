// Generated feed items for the paging and mirror benchmarks, and a digest to compare sets.
import { syntheticItems } from "./payloads.mjs";

/** `count` items newest first, one a minute back from `nowMs`, all selected (inside a 7d window up to 10,080 items; beyond that, seconds apart). */
export function benchItems(count, nowMs, idPrefix = "bench") {
  const spacing = Math.min(60_000, Math.floor((6.5 * 86_400_000) / Math.max(count, 1)));
  const [template] = syntheticItems(1).items;
  const items = new Array(count);
  for (let i = 0; i < count; i++) {
    const id = `${idPrefix}${String(i).padStart(12, "0")}`;
    const at = new Date(nowMs - 60_000 - i * spacing).toISOString();
    items[i] = {
      ...template,
      id,
      title: `${template.title} #${i}`,
      links: {
        aihot: `https://aihot.virxact.com/items/${id}`,
        original: `https://example.org/news/${id}`,
      },
      attribution: { name: "AIHOT", url: `https://aihot.virxact.com/items/${id}` },
      publishedAt: at,
      discoveredAt: at,
      score: 50 + (i % 50),
    };
  }
  return items;
}

/** An order-independent digest of `id:title` pairs (sum of FNV-1a hashes). */
export function fingerprint(items) {
  let sum = 0;
  for (const item of items) {
    let h = 0x811c9dc5;
    const text = `${item.id}:${item.title}`;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    sum = (sum + (h >>> 0)) % 2 ** 48;
  }
  return sum;
}

/**
 * The `i`-th item of the PostgreSQL benchmarks (`postgres.mjs`, `postgres-scale.mjs`): the
 * store's indexed fields in the service's own forms, one second apart from 2026-01-01.
 */
export function storeItem(i) {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  return {
    id: `b${String(i).padStart(7, "0")}`,
    title: `item ${i} open weights`,
    summary: `summary ${i}`,
    category: i % 6 === 0 ? "paper" : "industry",
    publishedAt: at,
    discoveredAt: at,
    source: { name: "s" },
    links: { aihot: "https://x/", original: "https://y/" },
    score: 50,
    selected: true,
  };
}
