import { join } from "node:path";
import { loadReplay, startGatewayFake } from "@feedgate/mock";
import type { CommandContext } from "../cli/runner.js";
import { harFile } from "../commands/record-har.js";
import { startRecorder } from "../commands/record-proxy.js";
import { runTokens } from "../commands/tokens-run.js";
import { loadRecording } from "./replay-load.js";

/**
 * The demo's record → replay: a call made through `feedgate record` in front of the gateway
 * fake, then the same call answered by a fresh fake from the HAR file alone.
 */
export async function recordAndReplay(
  ctx: CommandContext,
  work: string,
  key: string,
): Promise<void> {
  const file = harFile(join(work, "calls.har"), [key]);
  const call = (gatewayUrl: string) =>
    runTokens(
      { ...ctx, globals: { ...ctx.globals, gatewayUrl } },
      { model: "gpt-5.2" },
      "record me, then replay me",
    );
  const recorder = await startRecorder(new URL(ctx.globals.gatewayUrl!), file);
  await call(recorder.url).finally(() => recorder.close());
  // A clone built by `pnpm run demo` alone has no bundled documents: then the answer is not checked.
  const unchecked = () => loadReplay(file.path, { check: false });
  const fake = await startGatewayFake({
    replay: await loadRecording(ctx, file.path).catch(unchecked),
  });
  await call(fake.url).finally(() => fake.close());
  ctx.out.print(
    ctx.out.color.dim(`the second answer came from ${file.path} (the key removed), offline`),
  );
}
