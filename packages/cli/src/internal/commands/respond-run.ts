import { outputText } from "@feedgate/gateway-client/collect";
import type { CommandContext } from "../cli/context.js";
import { step } from "../cli/errors.js";
import { promptCall } from "../cli/gateway.js";
import { stripTerminalControls } from "../cli/terminal-safe.js";

export interface RespondOptions {
  model?: string;
  stream?: boolean;
  json?: boolean;
}

/** `feedgate respond <prompt>`: a model's answer, streamed as it arrives with `--stream`. */
export async function runRespond(
  ctx: CommandContext,
  options: RespondOptions,
  argument: string,
): Promise<void> {
  const { out } = ctx;
  const { prompt, model, gateway } = await promptCall(ctx, options.model, argument);
  const body = { model, input: prompt };
  if (!options.stream) {
    const response = await step("response", () =>
      gateway.responses.create(body, { signal: ctx.signal }),
    );
    if (out.json) out.data(response);
    else out.print(stripTerminalControls(outputText(response)));
    return;
  }
  await step("streamed response", async () => {
    const stream = await gateway.responses.stream(body, { signal: ctx.signal });
    out.verbose(`streaming (request id ${stream.requestId ?? "-"})`);
    // The stream itself fails (StreamError `stream_truncated`) when it ends without response.completed / failed / incomplete.
    let wroteText = false;
    for await (const event of stream) {
      const e = event as {
        type: string;
        delta?: unknown;
        response?: { error?: { message?: string } | null };
      };
      if (out.json) {
        out.data(event);
      } else if (e.type === "response.output_text.delta" && typeof e.delta === "string") {
        out.printPart(stripTerminalControls(e.delta));
        wroteText = true;
      }
      // Backpressure: the next event is read only once stdout took this one.
      await out.drained(ctx.signal);
      if (e.type === "response.failed") {
        throw new Error(`the response failed: ${e.response?.error?.message ?? "no reason given"}`);
      }
    }
    if (wroteText) out.printPart("\n");
  });
}
