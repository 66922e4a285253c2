import { apiKeyOf } from "../cli/config.js";
import { UsageError } from "../cli/errors.js";
import type { Body } from "../cli/runner.js";
import type { COMMANDS } from "./index.js";
import { envSecrets, harFile } from "./record-har.js";
import { startRecorder } from "./record-proxy.js";
import type { OptionsOf } from "./spec.js";
import { untilInterrupted } from "./watch-util.js";

type RecordOptions = OptionsOf<typeof COMMANDS.record>;

/** `feedgate record --target URL --out FILE.har`: records until Ctrl-C, then leaves a complete file. */
export const runRecord: Body<RecordOptions> = async (ctx, options) => {
  const { out } = ctx;
  if (!options.target || !options.out)
    throw new UsageError("record needs --target <url> (the service's origin) and --out <file>");
  const target = URL.canParse(options.target) ? new URL(options.target) : undefined;
  if (target?.protocol !== "http:" && target?.protocol !== "https:")
    throw new UsageError(`--target must be an http or https URL, not ${options.target}`);
  const apiKey = apiKeyOf(ctx.globals, ctx.env);
  const file = harFile(options.out, [...envSecrets(ctx.env), ...(apiKey ? [apiKey] : [])]);
  await file.write();
  const recorder = await startRecorder(target, file, options.port, options.maxBody);
  try {
    if (out.json) out.data({ url: recorder.url, target: target.href, out: options.out });
    else
      out.print(
        `recording ${recorder.url} → ${target.href} into ${options.out}; point your app there`,
      );
    out.note(out.errColor.dim("recording; Ctrl-C to stop"));
    await untilInterrupted(ctx.signal);
  } finally {
    const cut = recorder.inFlight ? ` (${recorder.inFlight} under way were not recorded)` : "";
    await recorder.close();
    out.note(`${file.entries} exchanges in ${options.out}${cut}`);
  }
};
