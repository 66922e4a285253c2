/** A controller that also aborts when any of the given signals does; `dispose` detaches it. */
export function linkSignals(signals: Array<AbortSignal | undefined | null>): { controller: AbortController; dispose: () => void } {
  const controller = new AbortController();
  const detach: Array<() => void> = [];
  for (const signal of signals) {
    if (!signal) continue;
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    const onAbort = () => controller.abort(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    detach.push(() => signal.removeEventListener("abort", onAbort));
  }
  return { controller, dispose: () => detach.forEach((d) => d()) };
}
