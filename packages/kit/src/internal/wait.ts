/** Combines signals: the result fires when any of them does. */
export function anySignal(
  signals: ReadonlyArray<AbortSignal | undefined>,
): AbortSignal | undefined {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  return present.length <= 1 ? present[0] : AbortSignal.any(present);
}
