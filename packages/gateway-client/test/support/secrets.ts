import { inspect } from "node:util";
import { expect } from "vitest";

/**
 * Every way a caller (or a logger) can turn a thrown value into text: String(), message,
 * stack, JSON, util.inspect with hidden properties, and the same for each `cause` in its chain.
 */
export function viewsOf(thrown: unknown): string[] {
  const views: string[] = [];
  let current: unknown = thrown;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    views.push(String(current), inspect(current, { depth: 10, showHidden: true, getters: true }));
    try {
      views.push(JSON.stringify(current) ?? "");
    } catch {
      // a cycle: inspect above already covers it
    }
    if (current instanceof Error) views.push(current.message, current.stack ?? "");
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined;
  }
  return views;
}

/** Fails when the key, or the key without its `sk-` prefix, shows up in any view of the thrown value. */
export function expectNoSecret(thrown: unknown, key: string): void {
  const bare = key.startsWith("sk-") ? key.slice(3) : key;
  for (const view of viewsOf(thrown)) {
    expect(view).not.toContain(key);
    expect(view).not.toContain(bare);
  }
}
