// MCP round trip: the time from an MCP client's `tools/call search_items` to its result, with
// `feedgate mcp` over stdio and over Streamable HTTP (each a real process, as a host runs it),
// next to the same search as a direct kit call, all against the seeded feed fake on 127.0.0.1.
// The three alternate call by call. No goal: the row shows what the protocol layer costs.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createFeedKit } from "@feedgate/kit/feed";
import { startFeedFake } from "@feedgate/mock";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { summary } from "./lib/stats.mjs";

const CLI = fileURLToPath(new URL("../packages/cli/dist/bin.js", import.meta.url));
const WARMUP = 5;
const ROUNDS = 40;
const ARGS = { q: "model", limit: 10, mode: "all" };

const ms = (values) => {
  const s = summary(values);
  return `${s.median.toFixed(2)} ms (${s.min.toFixed(2)}–${s.max.toFixed(2)})`;
};

/** `feedgate mcp --http` on a free port; resolves with its URL once it says it is listening on stderr. */
function startHttpServer(env) {
  const child = spawn(process.execPath, [CLI, "mcp", "--http"], {
    stdio: ["ignore", "ignore", "pipe"],
    env,
  });
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk) => {
      stderr += chunk;
      const url = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)?.[1];
      if (url) resolve({ url, child });
    });
    child.on("exit", (code) =>
      reject(new Error(`feedgate mcp --http exited (${code}): ${stderr}`)),
    );
  });
}

export async function run({ log }) {
  if (!existsSync(CLI)) return { rows: [], failures: ["the CLI is not built (pnpm build)"] };
  const fake = await startFeedFake();
  const env = { PATH: process.env.PATH, FEEDGATE_FEED_URL: fake.url, NO_COLOR: "1" };
  const kit = createFeedKit({ baseUrl: fake.url });
  const stdio = new Client({ name: "bench", version: "1" });
  await stdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp"],
      env,
      stderr: "ignore",
    }),
  );
  const http = await startHttpServer(env);
  const overHttp = new Client({ name: "bench", version: "1" });
  await overHttp.connect(new StreamableHTTPClientTransport(new URL(http.url)));
  const t = { kit: [], stdio: [], http: [] };
  const time = async (list, call) => {
    const started = performance.now();
    await call();
    list?.push(performance.now() - started);
  };
  const viaMcp = (client) => async () => {
    const result = await client.callTool({ name: "search_items", arguments: ARGS });
    if (result.isError) throw new Error(`search_items failed: ${JSON.stringify(result.content)}`);
  };
  try {
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const keep = round >= WARMUP;
      await time(keep ? t.kit : undefined, () => kit.items(ARGS));
      await time(keep ? t.stdio : undefined, viaMcp(stdio));
      await time(keep ? t.http : undefined, viaMcp(overHttp));
    }
  } finally {
    await stdio.close();
    await overHttp.close();
    http.child.kill("SIGINT");
    await fake.close();
  }
  const ratio = (mine) => summary(mine.map((v, i) => v / t.kit[i])).median;
  log(
    `search_items: direct kit ${ms(t.kit)}; MCP over stdio ${ms(t.stdio)}; MCP over Streamable HTTP ${ms(t.http)}`,
  );
  const row = (benchmark, mine) => ({
    benchmark,
    feedgate: ms(mine),
    reference: `direct kit.items ${ms(t.kit)}`,
    ratio: ratio(mine),
    goal: "—",
    met: undefined,
  });
  return {
    rows: [
      row(
        "MCP: tools/call search_items to its result, feedgate mcp over stdio (ratio = MCP ÷ direct kit call)",
        t.stdio,
      ),
      row(
        "MCP: tools/call search_items to its result, feedgate mcp --http (Streamable HTTP) (ratio = MCP ÷ direct kit call)",
        t.http,
      ),
    ],
    lines: [],
    notes: [
      `MCP: ${ROUNDS} alternating rounds after ${WARMUP} warm-up, each a search of 10 items (${JSON.stringify(ARGS)}) on the seeded feed fake (127.0.0.1): a direct \`kit.items\` call in the benchmark's process, and the official MCP client's \`tools/call search_items\` to \`feedgate mcp\` (the built CLI, a separate process) over stdio and over Streamable HTTP. The MCP figure includes the server's own kit call, schema validation, trimming and the JSON-RPC round trip.`,
    ],
  };
}
