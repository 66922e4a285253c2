import { configError } from "@feedgate/core";
import { connect } from "./connection.js";
import type { StoreContext } from "./context.js";
import { getState } from "./snapshot.js";

/** What `subscribe` reports: the store's state as read from its table after a notification. */
export interface ChangeNotice {
  /** The current generation after the change. */
  generation: number;
  /** The ledger cursor after the change. */
  cursor: string;
}

/** Options of `subscribe`. */
export interface SubscribeOptions {
  /** The cursor the reader last saw: `onChange` runs at once when the store moved since. Default: none. */
  since?: string;
  /**
   * Also re-read the state this often, in case a notification cannot arrive (LISTEN through a
   * transaction-mode pooler, a connection being re-established). 0 turns it off. Default: 5000 ms.
   */
  pollMs?: number;
}

/** Default of `subscribe`'s `pollMs`. */
const SUBSCRIBE_POLL_MS = 5000;

export async function subscribe(
  ctx: StoreContext,
  onChange: (notice: ChangeNotice) => void,
  options: SubscribeOptions = {},
): Promise<() => Promise<void>> {
  const pollMs = options.pollMs ?? SUBSCRIBE_POLL_MS;
  if (!(Number.isFinite(pollMs) && (pollMs === 0 || pollMs >= 100)))
    throw configError("pollMs", `0 (off) or at least 100 ms, got ${String(pollMs)}`);
  // What the reader last saw: its `since` (cursor only), then each state reported.
  let last: { cursor: string | undefined; generation: number | undefined } = {
    cursor: options.since,
    generation: undefined,
  };
  let closed = false;
  // One re-read at a time, in the order notifications came; a burst of them needs one more read, not one each.
  let reading: Promise<void> = Promise.resolve();
  let queued = false;
  const check = () => {
    if (queued || closed) return;
    queued = true;
    reading = reading.then(async () => {
      queued = false;
      const state = await getState(ctx).catch(() => undefined);
      if (closed || state?.cursor === undefined) return;
      const moved =
        state.cursor !== last.cursor ||
        (last.generation !== undefined && state.generation !== last.generation);
      last = { cursor: state.cursor, generation: state.generation };
      if (moved) onChange({ generation: state.generation, cursor: state.cursor });
    });
  };
  // Without `since`, the reader has seen the state as it is now.
  if (options.since === undefined) {
    const state = await getState(ctx);
    last = { cursor: state.cursor, generation: state.generation };
  }
  // LISTEN needs a session of its own, which a transaction-mode pooler does not give: `directUrl` when set.
  const listenSql = ctx.directUrl === undefined ? ctx.sql : connect(ctx.directUrl, { max: 1 });
  if (listenSql !== ctx.sql) ctx.listeners.add(listenSql);
  // postgres.js calls onlisten once listening, and again after each reconnect: a re-read then
  // catches up on whatever passed meanwhile (and, the first time, on a store that moved since `since`).
  const listener = await ctx.run("subscribing to changes", () =>
    listenSql.listen(ctx.channel, check, check),
  );
  await reading;
  const timer = pollMs > 0 ? setInterval(check, pollMs) : undefined;
  timer?.unref?.();
  return async () => {
    closed = true;
    clearInterval(timer);
    await listener.unlisten().catch(() => {});
    await reading;
    if (listenSql !== ctx.sql) {
      ctx.listeners.delete(listenSql);
      await listenSql.end({ timeout: 5 }).catch(() => {});
    }
  };
}
