import { startHostileServer } from "./hostile.js";

/**
 * How `call` settled against a server that never answers, with garbage collected every 30 ms
 * once its request arrived (100 rounds at most): for timeouts and aborts that must not hang on
 * a signal that undici keeps only through a WeakRef. Needs `--expose-gc` (vitest.shared.ts).
 */
export async function settleWithGc(call: (origin: string) => Promise<unknown>) {
  let arrived!: () => void;
  const started = new Promise<void>((resolve) => (arrived = resolve));
  const server = await startHostileServer(() => arrived());
  let settled = false;
  const outcome = call(server.origin)
    .then(
      (v) => v,
      (e: unknown) => e,
    )
    .finally(() => (settled = true));
  await started;
  for (let i = 0; i < 100 && !settled; i++, globalThis.gc!())
    await new Promise((r) => setTimeout(r, 30));
  await server.stop();
  return { settled, error: settled ? await outcome : undefined };
}
