// Deterministic items of the spec's `Item` schema for the reliability runs (the generators are
// the test harness's, shared with every test) and the ledger churn that edits them.
import { createPrng } from "@feedgate/mock";
import { makeFeedItem, makeSelectedItem, selectedId } from "@feedgate/test-harness";

export { makeFeedItem, makeSelectedItem, selectedId };

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
