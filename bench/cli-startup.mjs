// CLI start-up: `feedgate --help` / `--version` against a bare `node -e 0`, and the time from
// spawning `feedgate hot` to its first request reaching a local server (127.0.0.1) against a
// bare node script that makes the same request. Both sides run alternately, round by round.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../packages/cli/dist/bin.js", import.meta.url));
const ROUNDS = 15;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (values) =>
  `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

/** Wall time of one process, from spawn to exit. */
function timeProcess(args, env = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      stdio: "ignore",
      env: { PATH: process.env.PATH, ...env },
    });
    child.on("error", reject);
    child.on("exit", () => resolve(performance.now() - started));
  });
}

/** Time from spawn until the server sees the process's first request (the process is then killed). */
async function timeToFirstRequest(server, args, env) {
  const started = performance.now();
  const arrived = new Promise((resolve) =>
    server.once("request", () => resolve(performance.now() - started)),
  );
  const child = spawn(process.execPath, args, {
    stdio: "ignore",
    env: { PATH: process.env.PATH, ...env },
  });
  const elapsed = await arrived;
  child.kill("SIGKILL");
  await new Promise((resolve) => child.on("exit", resolve));
  return elapsed;
}

export async function run({ log }) {
  if (!existsSync(CLI)) return { rows: [], failures: ["the CLI is not built (pnpm build)"] };
  const server = createServer((_req, res) => {
    res
      .writeHead(200, { "content-type": "application/json" })
      .end('{"schemaVersion":1,"count":0,"items":[]}');
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const bareFetch = `fetch(${JSON.stringify(`${origin}/api/v1/hot-topics`)}).then((r) => r.text())`;
  const t = { node: [], help: [], version: [], hot: [], fetch: [] };
  // Warm the file cache once, then alternate.
  await timeProcess([CLI, "--help"]);
  for (let round = 0; round < ROUNDS; round++) {
    t.node.push(await timeProcess(["-e", "0"]));
    t.help.push(await timeProcess([CLI, "--help"]));
    t.version.push(await timeProcess([CLI, "--version"]));
    t.fetch.push(await timeToFirstRequest(server, ["-e", bareFetch], {}));
    t.hot.push(
      await timeToFirstRequest(server, [CLI, "hot"], { FEEDGATE_FEED_URL: origin, NO_COLOR: "1" }),
    );
  }
  server.close();
  const over = (a, b) => median(a) - median(b);
  log(
    `node -e 0 ${ms(t.node)}; feedgate --help ${ms(t.help)}; --version ${ms(t.version)}; first request: bare fetch ${ms(t.fetch)}, feedgate hot ${ms(t.hot)}`,
  );
  const row = (benchmark, mine, ref, refText, overBy) => ({
    benchmark,
    feedgate: `${ms(mine)} (+${over(mine, ref).toFixed(0)} ms)`,
    reference: `${refText} ${ms(ref)}`,
    ratio: median(mine) / median(ref),
    // Issue 23: the first request within 30 ms of a bare node fetch; --help and --version within 100 ms of start.
    goal: overBy === undefined ? "≤ 100 ms from process start" : `≤ the reference + ${overBy} ms`,
    met: overBy === undefined ? median(mine) <= 100 : over(mine, ref) <= overBy,
  });
  return {
    rows: [
      row(
        "CLI start-up: feedgate --help, spawn to exit (ratio = feedgate ÷ bare node)",
        t.help,
        t.node,
        "node -e 0",
      ),
      row(
        "CLI start-up: feedgate --version, spawn to exit (ratio = feedgate ÷ bare node)",
        t.version,
        t.node,
        "node -e 0",
      ),
      row(
        "CLI start-up: spawn to the first request of feedgate hot on 127.0.0.1 (ratio = feedgate ÷ a bare node fetch)",
        t.hot,
        t.fetch,
        "node -e 'fetch(…)'",
        30,
      ),
    ],
    lines: [],
    notes: [
      `CLI start-up: ${ROUNDS} alternating rounds after one warm-up, the built CLI (packages/cli/dist/bin.js) on the same Node as the reference. The built entry is bundled (esbuild, a chunk per lazily loaded command): each command loads only its own code (the kit, the clients and the renderers are imported when a command runs), so --help and --version load commander and the command definitions only.`,
    ],
  };
}
