// The @feedgate/mock feed fake in a child process, driven over IPC, so the benchmark process
// measures only the client's heap: the fake's own data (100,000 items) lives here.
// Messages in: { id, cmd, ... }; answers: { id, ok, value } or { id, ok: false, error }.
import { startFeedFake } from "@feedgate/mock";
import { benchItems, fingerprint } from "./bench-items.mjs";

const commands = {
  /** Replaces the items list. */
  items(fake, { count }) {
    fake.items.set(benchItems(count, fake.clock.now()));
    return { count: fake.items.list().length };
  },
  /** Fills the selected set with `count` items (ledger upserts). */
  selected(fake, { count }) {
    for (const item of benchItems(count, fake.clock.now(), "sel")) fake.selected.upsert(item);
    return { count: fake.selected.truth().length };
  },
  /**
   * `count` ledger changes that keep the set's size: a quarter removes, a quarter new items, half
   * edits of existing ones (spread over the set). `round` keeps ids and titles unique per call.
   */
  changes(fake, { count, round = 0 }) {
    const existing = fake.selected.truth();
    const fresh = benchItems(count, fake.clock.now(), `new${round}-`);
    const stride = Math.max(1, Math.floor(existing.length / 2 / count));
    let removed = 0;
    for (let i = 0; i < count; i++) {
      const pick = existing[(i * stride) % Math.max(1, existing.length >> 1)];
      if (i % 4 === 0 && removed < existing.length) {
        fake.selected.remove(existing[existing.length - 1 - removed++].id);
      } else if (i % 4 === 1) fake.selected.upsert(fresh[i]);
      else if (pick) fake.selected.upsert({ ...pick, title: `${pick.title} (edit ${round}.${i})` });
    }
    return { count: fake.selected.truth().length };
  },
  /** Fingerprint of the true selected set, to check a mirror against. */
  truth(fake) {
    const truth = fake.selected.truth();
    return { count: truth.length, fingerprint: fingerprint(truth) };
  },
  clearRequests(fake) {
    fake.requests.length = 0;
    return {};
  },
  requests(fake) {
    return { count: fake.requests.length };
  },
};

if (process.send && process.argv[2] === "--child") {
  const fake = await startFeedFake({ data: "empty" });
  process.send({ url: fake.url });
  process.on("message", async (message) => {
    if (message === "stop") {
      await fake.close();
      process.exit(0);
    }
    try {
      const value = await commands[message.cmd](fake, message);
      if (process.connected) process.send({ id: message.id, ok: true, value });
    } catch (err) {
      if (process.connected)
        process.send({ id: message.id, ok: false, error: String(err?.stack ?? err) });
    }
  });
  process.on("disconnect", async () => {
    await fake.close();
    process.exit(0);
  });
}
