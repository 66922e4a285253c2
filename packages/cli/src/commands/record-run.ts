import { apiKeyOf } from "../cli/config.js";
import type { CommandContext } from "../cli/context.js";
import { UsageError } from "../cli/errors.js";
import { sleep } from "../cli/interrupt.js";
import { DEFAULT_MAX_BODY_BYTES } from "./record.js";
import { envSecrets, HarFile } from "./record-har.js";
import { startRecorder } from "./record-proxy.js";

export interface RecordOptions {
  target: string;
  out: string;
  port?: number;
  maxBody?: number;
  json?: boolean;
}

/** `feedgate record --target URL --out FILE.har`: records until Ctrl-C, then leaves a complete file. */
export async function runRecord(ctx: CommandContext, options: RecordOptions): Promise<void> {
  const { out } = ctx;
  let target: URL;
  try {
    target = new URL(options.target);
  } catch {
    throw new UsageError(
      `--target ${options.target} is not a URL`,
      "give an origin, e.g. https://aihot.virxact.com",
    );
  }
  if (target.protocol !== "http:" && target.protocol !== "https:")
    throw new UsageError(`--target must be an http or https URL, not ${target.protocol}`);
  const apiKey = apiKeyOf(ctx.globals, ctx.env);
  const file = new HarFile(options.out, [...envSecrets(ctx.env), ...(apiKey ? [apiKey] : [])]);
  await file.write();
  const recorder = await startRecorder({
    target,
    port: options.port ?? 0,
    file,
    maxBodyBytes: options.maxBody ?? DEFAULT_MAX_BODY_BYTES,
  });
  try {
    if (out.json) out.data({ url: recorder.url, target: target.href, out: options.out });
    else {
      out.print(`recording ${out.color.bold(recorder.url)} → ${target.href} into ${options.out}`);
      out.print(
        `point your app, an SDK or feedgate there, e.g. FEEDGATE_GATEWAY_URL=${recorder.url}`,
      );
    }
    out.note(out.errColor.dim("recording; Ctrl-C to stop"));
    await sleep(2 ** 31 - 1, ctx.signal).catch(() => {});
  } finally {
    const cut = recorder.inFlight;
    await recorder.close();
    out.note(
      `${file.entries} exchanges in ${options.out}${cut ? ` (${cut} under way were not recorded)` : ""}`,
    );
  }
}
