/**
 * Data generators the tests and benchmarks share: deterministic items of the feed document's
 * `Item` schema and the envelope of an items page. Plain objects typed structurally: the harness
 * cannot depend on the clients, whose own tests use it.
 */

/** The query an items page echoes when asked with every default (`mode=selected`, `window=7d`, ...). */
export const DEFAULT_ITEMS_QUERY = {
  mode: "selected",
  category: null,
  window: "7d",
  q: null,
  by: "timeline",
  ordering: "timelineDesc",
} as const;

/** An item of the generators below: the `Item` schema's fields. */
export interface GeneratedItem {
  id: string;
  title: string;
  originalTitle: string | null;
  summary: string;
  source: { name: string };
  links: { aihot: string; original: string };
  publishedAt: string;
  discoveredAt: string;
  category: string;
  score: number;
  selected: boolean;
}

/** The body of one items page around `items`. */
export function itemsPageBody<T>(
  items: T[],
  nextCursor: string | null = null,
  query: object = DEFAULT_ITEMS_QUERY,
): {
  schemaVersion: 1;
  query: object;
  items: T[];
  page: { count: number; hasMore: boolean; nextCursor: string | null };
} {
  return {
    schemaVersion: 1,
    query,
    items,
    page: { count: items.length, hasMore: nextCursor !== null, nextCursor },
  };
}

/** A fixed instant the selected items are dated from, so every run generates the same set. */
const BASE = Date.parse("2026-11-19T00:00:00.000Z");
const CATEGORIES = ["ai-models", "ai-products", "industry", "paper", "tip", "opinion"] as const;

/** The id of selected item number `n` (fixed width, so id order = number order). */
export const selectedId = (n: number): string => `sel-${String(n).padStart(7, "0")}`;

/** Selected-set member number `n`; `version` changes its title, score and summary (an "edit"). */
export function makeSelectedItem(n: number, version = 0): GeneratedItem {
  const id = selectedId(n);
  return {
    id,
    title: `Selected item ${n} (v${version})`,
    originalTitle: version % 2 === 0 ? null : `Original title ${n}`,
    summary: `Summary of item ${n}, revision ${version}.`,
    source: { name: `Source ${n % 17}` },
    links: { aihot: `https://aihot.example/items/${id}`, original: `https://news.example/${n}` },
    publishedAt: new Date(BASE - n * 60_000).toISOString(),
    discoveredAt: new Date(BASE - n * 60_000 + 30_000).toISOString(),
    category: CATEGORIES[n % CATEGORIES.length] as string,
    score: (n * 7 + version) % 101,
    selected: true,
  };
}

/** Item number `n` of /api/v1/items, discovered `n + 1` minutes before `now` (inside the 7-day window); every third is selected. */
export function makeFeedItem(n: number, now: number): GeneratedItem {
  const at = new Date(now - (n + 1) * 60_000).toISOString();
  const id = `item-${String(n).padStart(7, "0")}`;
  return {
    id,
    title: `Item ${n}`,
    originalTitle: null,
    summary: `Summary ${n}`,
    source: { name: `Source ${n % 13}` },
    links: { aihot: `https://aihot.example/items/${id}`, original: `https://news.example/i/${n}` },
    publishedAt: at,
    discoveredAt: at,
    category: CATEGORIES[n % CATEGORIES.length] as string,
    score: n % 101,
    selected: n % 3 === 0,
  };
}

/** The part of a feed fake's selected set that churn edits (structural: no dependency on the mock). */
export interface ChurnTarget {
  selected: {
    truth(): Array<{ id: string }>;
    upsert(item: GeneratedItem): void;
    remove(id: string): void;
  };
}

/**
 * Ledger churn on a feed fake, drawn from `random` (give a seeded one for runs that repeat):
 * 40% edits, 30% additions from `firstNewId` on, 23% removals, 7% removals of ids that were
 * never in the set (which clients must apply as no-ops). `round(n)` makes n changes.
 */
export function createChurn(
  fake: ChurnTarget,
  options: { random: () => number; firstNewId: number },
) {
  const { random } = options;
  const present = new Set(fake.selected.truth().map((i) => i.id));
  const versions = new Map<string, number>();
  let nextId = options.firstNewId;
  let ops = 0;
  const pick = () => [...present][Math.floor(random() * present.size)]!;
  return {
    get ops() {
      return ops;
    },
    round(count: number) {
      for (let k = 0; k < count; k++, ops++) {
        const r = random();
        if (r < 0.4 && present.size > 0) {
          const id = pick();
          const version = (versions.get(id) ?? 0) + 1;
          versions.set(id, version);
          fake.selected.upsert(makeSelectedItem(Number(id.slice(4)), version));
        } else if (r < 0.7) {
          const n = nextId++;
          fake.selected.upsert(makeSelectedItem(n));
          present.add(selectedId(n));
        } else if (r < 0.93 && present.size > 0) {
          const id = pick();
          present.delete(id);
          fake.selected.remove(id);
        } else fake.selected.remove(`never-selected-${nextId++}`);
      }
    },
  };
}
