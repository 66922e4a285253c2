import { modelOf } from "../cli/config.js";
import type { CommandContext } from "../cli/context.js";
import { step, UsageError } from "../cli/errors.js";
import { gatewayClientOf } from "../cli/gateway.js";
import { textArgument, textFile } from "../cli/stdin.js";

export interface TokensOptions {
  file?: string;
  model?: string;
  protocol?: "responses" | "messages";
  json?: boolean;
}

/** `feedgate tokens <text | --file F> [--model M]`: the input-token count of a prompt. */
export async function runTokens(
  ctx: CommandContext,
  options: TokensOptions,
  text: string | undefined,
): Promise<void> {
  const { out } = ctx;
  if (text !== undefined && options.file !== undefined)
    throw new UsageError("give either a text or --file, not both");
  if (text === undefined && options.file === undefined)
    throw new UsageError("give a text to count, or --file F");
  // The same model `respond` uses by default, so counting and answering agree without flags.
  const model = modelOf(options.model, ctx.env);
  let input = text === undefined ? "" : await textArgument(text, "the text", ctx.stdin);
  if (options.file !== undefined) input = await textFile(options.file, "--file", ctx.stdin);
  const protocol = options.protocol ?? "responses";
  const gateway = gatewayClientOf(ctx);
  const call = { signal: ctx.signal };
  const result = await step("token count", () =>
    protocol === "messages"
      ? gateway.messages.countTokens({ model, messages: [{ role: "user", content: input }] }, call)
      : gateway.responses.countInputTokens({ model, input }, call),
  );
  if (out.json) out.data(result);
  else
    out.print(
      `${result.input_tokens} input tokens ${out.color.dim(`(model ${model}, ${protocol} protocol)`)}`,
    );
}
