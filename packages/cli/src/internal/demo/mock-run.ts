import { randomBytes } from "node:crypto";
import { apiKeyOf } from "../cli/config.js";
import { step, UsageError } from "../cli/errors.js";
import { CLI } from "../cli/invocation.js";
import type { Body } from "../cli/runner.js";
import type { COMMANDS } from "../commands/index.js";
import type { OptionsOf } from "../commands/spec.js";
import { untilInterrupted } from "../commands/watch-util.js";
import { startDemoFakes } from "./fakes.js";
import { loadRecording } from "./replay-load.js";

type MockOptions = OptionsOf<typeof COMMANDS.mock>;

/**
 * `feedgate mock [feed|gateway|all]`: the seeded fake servers on 127.0.0.1 until Ctrl-C.
 * The fake gateway accepts the configured key (FEEDGATE_API_KEY), which is never printed;
 * without one it makes up a throwaway key and prints that, since it opens nothing real.
 */
export const runMock: Body<MockOptions> = async (ctx, options, which = "all") => {
  const { out } = ctx;
  const configured = apiKeyOf(ctx.globals, ctx.env);
  const apiKey = configured ?? `sk-fake-${randomBytes(8).toString("hex")}`;
  if (which === "all" && options.gatewayPort === undefined && options.port === 65535)
    throw new UsageError(
      "--port 65535 leaves no port for the gateway fake (it takes n+1)",
      "give --port 65534 or less, or --gateway-port",
    );
  const { replay: file, replaySpeed } = options;
  const replay = file === undefined ? undefined : await loadRecording(ctx, file, replaySpeed);
  const fakes = await step("starting the fake servers", () =>
    startDemoFakes({
      feed: which !== "gateway",
      gateway: which !== "feed",
      apiKey,
      replay,
      feedPort: options.feedPort ?? options.port,
      gatewayPort:
        options.gatewayPort ??
        (options.port === undefined ? undefined : options.port + (which === "gateway" ? 0 : 1)),
    }),
  );
  try {
    if (out.json) {
      out.data({
        feedUrl: fakes.feed?.url ?? null,
        gatewayUrl: fakes.gateway?.url ?? null,
        apiKey: configured ? "(your FEEDGATE_API_KEY)" : apiKey,
      });
    } else {
      const c = out.color;
      if (fakes.feed)
        out.print(`${c.bold("feed fake")}     ${fakes.feed.url}   ${c.dim("(seeded demo data)")}`);
      if (fakes.gateway)
        out.print(
          `${c.bold("gateway fake")}  ${fakes.gateway.url}   ${c.dim(configured ? "(accepts your FEEDGATE_API_KEY)" : `(accepts the throwaway key ${apiKey})`)}`,
        );
      out.print("");
      out.print("In another terminal:");
      if (fakes.feed) out.print(`  export FEEDGATE_FEED_URL=${fakes.feed.url}`);
      if (fakes.gateway) out.print(`  export FEEDGATE_GATEWAY_URL=${fakes.gateway.url}`);
      if (fakes.gateway)
        out.print(
          configured
            ? "  # FEEDGATE_API_KEY: keep yours, the fake accepts it"
            : `  export FEEDGATE_API_KEY=${apiKey}`,
        );
      out.print(`  ${CLI} ${fakes.feed ? "hot" : "tokens 'hello' --model gpt-5.2"}`);
    }
    out.note(out.errColor.dim("fake servers running; Ctrl-C to stop"));
    await untilInterrupted(ctx.signal);
  } finally {
    await fakes.close();
  }
};
