// Deterministic items of the spec's `Item` schema for the reliability runs (the generators are
// the test harness's, shared with every test) and the ledger churn that edits them.
import { createPrng } from "@feedgate/mock";
import {
  createChurn as harnessChurn,
  makeFeedItem,
  makeSelectedItem,
  selectedId,
} from "@feedgate/test-harness";

export { makeFeedItem, makeSelectedItem, selectedId };

/** The fakes' seeded PRNG as a function, uniform in [0, 1): every run churns the same way. */
export const prng = (seed) => createPrng(seed).next;

/** The harness's ledger churn on a feed fake, seeded: every run churns the same way. */
export const createChurn = (fake, { seed, firstNewId }) =>
  harnessChurn(fake, { random: prng(seed), firstNewId });
