import { modelOf } from "../cli/config.js";
import { step, UsageError } from "../cli/errors.js";
import { gatewayClientOf } from "../cli/gateway.js";
import type { Body } from "../cli/runner.js";
import { MAX_STDIN_BYTES, regularFileText, textArgument } from "../cli/stdin.js";
import type { COMMANDS } from "./index.js";
import type { OptionsOf } from "./spec.js";

type TokensOptions = OptionsOf<typeof COMMANDS.tokens>;

/** `feedgate tokens <text | --file F> [--model M]`: the input-token count of a prompt. */
export const runTokens: Body<TokensOptions> = async (ctx, options, text?: string) => {
  const { out } = ctx;
  if (text !== undefined && options.file !== undefined)
    throw new UsageError("give either a text or --file, not both");
  if (text === undefined && options.file === undefined)
    throw new UsageError("give a text to count, or --file F");
  // The same model `respond` uses by default, so counting and answering agree without flags.
  const model = modelOf(options.model, ctx.env);
  let input = text === undefined ? "" : await textArgument(text, "the text", ctx.stdin);
  // A text file, or standard input for `-`: up to the same 8 MiB as a text on stdin.
  if (options.file === "-") input = await textArgument("-", "--file", ctx.stdin);
  else if (options.file !== undefined)
    input = await regularFileText(options.file, "--file", MAX_STDIN_BYTES);
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
};
