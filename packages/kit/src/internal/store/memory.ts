import { DataBackedStore } from "./base.js";
import type { MirrorStore } from "./types.js";

/**
 * An in-memory {@link MirrorStore}: for tests, short-lived processes and browsers. Nothing
 * survives the process; use `openFileStore` from `@feedgate/kit/node` for that. Returned items
 * are the stored objects themselves: treat them as read-only.
 */
export function createMemoryStore(): MirrorStore {
  return new DataBackedStore();
}
