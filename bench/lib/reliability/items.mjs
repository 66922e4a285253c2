// Deterministic items of the spec's `Item` schema for the reliability runs.
import { createPrng } from "@feedgate/mock";

const BASE = Date.parse("2026-11-19T00:00:00.000Z");
const CATEGORIES = ["ai-models", "ai-products", "industry", "paper", "tip", "opinion"];

/** The id of selected item number `n` (fixed width, so id order = number order). */
export const selectedId = (n) => `sel-${String(n).padStart(7, "0")}`;

/** A selected-set member; `version` changes its title, score and summary (an "edit"). */
export function makeSelectedItem(n, version = 0) {
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
    category: CATEGORIES[n % CATEGORIES.length],
    score: (n * 7 + version) % 101,
    selected: true,
  };
}

/** An item of /api/v1/items, discovered `minutesAgo` before `now` (inside the 7-day window). */
export function makeFeedItem(n, now) {
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
    category: CATEGORIES[n % CATEGORIES.length],
    score: n % 101,
    selected: n % 3 === 0,
  };
}

/** The fakes' seeded PRNG as a function, uniform in [0, 1): every run churns the same way. */
export const prng = (seed) => createPrng(seed).next;

/**
 * Ledger churn on a feed fake: edits, additions, removals and removals of ids that were never
 * in the set (which clients must apply as no-ops). Returns the round function.
 */
export function createChurn(fake, { seed, firstNewId }) {
  const random = prng(seed);
  const present = new Set(fake.selected.truth().map((i) => i.id));
  const versions = new Map();
  let nextId = firstNewId;
  let ops = 0;
  const pick = () => {
    const ids = [...present];
    return ids[Math.floor(random() * ids.length)];
  };
  return {
    get ops() {
      return ops;
    },
    round(count) {
      for (let k = 0; k < count; k++) {
        const r = random();
        ops++;
        if (r < 0.4 && present.size > 0) {
          const id = pick();
          const n = Number(id.slice(4));
          const v = (versions.get(id) ?? 0) + 1;
          versions.set(id, v);
          fake.selected.upsert(makeSelectedItem(n, v));
        } else if (r < 0.7) {
          const n = nextId++;
          fake.selected.upsert(makeSelectedItem(n));
          present.add(selectedId(n));
        } else if (r < 0.93 && present.size > 0) {
          const id = pick();
          present.delete(id);
          fake.selected.remove(id);
        } else {
          fake.selected.remove(`never-selected-${nextId++}`);
        }
      }
    },
  };
}
