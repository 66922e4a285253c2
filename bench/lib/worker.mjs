// Runs one benchmark module in its own process (started by run.mjs with --expose-gc), so each
// benchmark gets a fresh heap and JIT state, and sends its result back over IPC.
import { pathToFileURL } from "node:url";

const modulePath = process.argv[2];
const log = (line) => console.log(`  ${line}`);
try {
  if (typeof globalThis.gc !== "function") throw new Error("run with --expose-gc");
  const bench = await import(pathToFileURL(modulePath).href);
  const result = await bench.run({ log });
  process.send({ ok: true, result });
} catch (err) {
  process.send({
    ok: false,
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
}
process.disconnect();
