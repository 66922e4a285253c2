import type { ParamRule } from "@feedgate/feed-client/rules";

/** Edit distance (insertions, deletions, substitutions, adjacent swaps) between two short strings. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 || j === 0 ? i + j : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known value `value` is most likely a misspelling of: same letters in another case, or
 * within an edit distance of a third of its length (at least 1, at most 3). Undefined when
 * `value` is known or near none (then it may be a value the service added later).
 */
export function nearestKnown(value: string, known: readonly string[]): string | undefined {
  if (known.includes(value) || value.length > 64) return undefined;
  const folded = value.trim().toLowerCase().replaceAll("_", "-");
  const exact = known.find((k) => k.toLowerCase() === folded);
  if (exact !== undefined) return exact;
  const limit = Math.min(3, Math.max(1, Math.floor(folded.length / 3)));
  let best: { key: string; d: number } | undefined;
  for (const key of known) {
    const d = distance(folded, key.toLowerCase());
    if (d <= limit && (best === undefined || d < best.d)) best = { key, d };
  }
  return best?.key;
}

/**
 * A "did you mean" hint for an open string parameter (a string with `examples` and no `enum`,
 * such as the feed's `category`): the value is sent as given, since the service may have added
 * it, but a near miss of a known value is worth saying before the service refuses it.
 */
export function hintOf(name: string, rule: ParamRule, value: unknown): string | undefined {
  if (
    rule.enum !== undefined ||
    rule.type !== "string" ||
    typeof value !== "string" ||
    !Array.isArray(rule.examples)
  )
    return undefined;
  const known = (rule.examples as unknown[]).filter((v): v is string => typeof v === "string");
  const nearest = nearestKnown(value, known);
  return nearest === undefined
    ? undefined
    : `${name} ${JSON.stringify(value.slice(0, 64))} is not a value the feed document lists: did you mean ${JSON.stringify(nearest)}? (sent as given: the service may have added it)`;
}
