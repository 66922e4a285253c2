import type { Item } from "@feedgate/feed-client";
import type { FeedFake } from "@feedgate/mock";
export declare const selectedId: (n: number) => string;
export declare function makeSelectedItem(n: number, version?: number): Item;
export declare function makeFeedItem(n: number, now: number): Item;
export declare function prng(seed: number): () => number;
export declare function createChurn(
  fake: FeedFake,
  options: { seed: number; firstNewId: number },
): { readonly ops: number; round(count: number): void };
