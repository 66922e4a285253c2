import { readFile } from "node:fs/promises";
import { Option, type Command } from "commander";
import type { CommandContext } from "../cli/context.js";
import { UsageError, step } from "../cli/errors.js";
import type { Wire } from "../cli/wire.js";
import { examples } from "../program.js";
import { gatewayServices } from "../services/index.js";

export interface TokensOptions {
  file?: string;
  model?: string;
  protocol?: "responses" | "messages";
  json?: boolean;
}

/** `feedgate tokens <text | --file F> --model M`: the input-token count of a prompt. */
export async function runTokens(ctx: CommandContext, options: TokensOptions, text: string | undefined): Promise<void> {
  const { out } = ctx;
  if (text !== undefined && options.file !== undefined) throw new UsageError("give either a text or --file, not both");
  if (text === undefined && options.file === undefined) throw new UsageError("give a text to count, or --file F");
  const model = options.model?.trim() || ctx.env["FEEDGATE_MODEL"]?.trim();
  if (!model) throw new UsageError("--model is required (or set FEEDGATE_MODEL)");
  let input = text ?? "";
  if (options.file !== undefined) {
    try {
      input = await readFile(options.file, "utf8");
    } catch (error) {
      throw new UsageError(`cannot read --file ${options.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
  }
  const protocol = options.protocol ?? "responses";
  const gateway = gatewayServices(ctx);
  const result = await step("token count", () => gateway.countTokens(protocol, model, input, ctx.signal));
  if (out.json) out.data(result);
  else out.print(`${result.input_tokens} input tokens ${out.color.dim(`(model ${model}, ${protocol} protocol)`)}`);
}

export function registerTokens(program: Command, wire: Wire): void {
  const command = program
    .command("tokens")
    .description("count the input tokens of a text for a model")
    .argument("[text]", "the text to count (or --file)")
    .option("--file <path>", "read the text from a file")
    .option("--model <model>", "model to count for (required; env FEEDGATE_MODEL)")
    .addOption(new Option("--protocol <protocol>", "which counting endpoint: OpenAI-style responses or Anthropic-style messages").choices(["responses", "messages"]).default("responses"))
    .option("--json", "print the gateway's JSON answer")
    .action(wire.action<TokensOptions>((ctx, options, text) => runTokens(ctx, options, text)));
  examples(command, ["feedgate tokens 'How long is this?' --model gpt-5.2", "feedgate tokens --file prompt.txt --model claude-sonnet-4-5 --protocol messages"]);
}
