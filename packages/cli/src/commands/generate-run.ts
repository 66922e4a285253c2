import { DEFAULT_MODEL, modelOf } from "../cli/config.js";
import type { CommandContext } from "../cli/context.js";
import { step, UsageError } from "../cli/errors.js";
import { textArgument } from "../cli/stdin.js";
import { stripTerminalControls } from "../cli/terminal-safe.js";
import { gatewayServices } from "../services/gateway.js";
import { safeStem, saveImages } from "./image-files.js";

export interface GenerateOptions {
  model?: string;
  images?: boolean;
  stream?: boolean;
  out?: string;
  force?: boolean;
  json?: boolean;
}

/**
 * `feedgate generate <prompt>`: the contents-based route. Text is printed (stripped of control
 * sequences); images are written as `feedgate image` writes them: under `--out`, named from the
 * answer's id reduced to safe characters (never a path from server text), never overwriting a
 * file without `--force`, each under the same size cap.
 */
export async function runGenerate(
  ctx: CommandContext,
  options: GenerateOptions,
  argument: string,
): Promise<void> {
  const { out } = ctx;
  const prompt = await textArgument(argument, "the prompt");
  if (prompt.trim() === "") throw new UsageError("the prompt is empty");
  const model = modelOf(options.model, ctx.env, "FEEDGATE_MODEL", DEFAULT_MODEL);
  const gateway = gatewayServices(ctx);
  const streaming = options.stream === true && !out.json;
  let wroteText = false;
  const outcome = await step("generation", () =>
    gateway.generateContent(model, prompt, {
      images: options.images === true,
      stream: options.stream === true,
      signal: ctx.signal,
      onText: streaming
        ? async (text) => {
            out.printRaw(stripTerminalControls(text));
            wroteText = true;
            await out.drained(ctx.signal);
          }
        : undefined,
    }),
  );
  if (wroteText) out.printRaw("\n");
  const stem = safeStem((outcome.answer as { responseId?: string }).responseId, Date.now());
  const saved =
    outcome.images.length === 0
      ? []
      : await step("saving the images", () =>
          saveImages(outcome.images, options.out ?? ".", stem, {
            signal: ctx.signal,
            force: options.force === true,
          }),
        );
  if (out.json) {
    out.data({ model, answer: withoutImageData(outcome.answer), text: outcome.text, files: saved });
    return;
  }
  if (!streaming && outcome.text !== "") out.print(stripTerminalControls(outcome.text));
  for (const file of saved) out.print(file.path);
}

/** The answer with each inline image's data replaced by its size: the bytes are in the files. */
function withoutImageData(answer: unknown): unknown {
  return JSON.parse(JSON.stringify(answer), (key, value: unknown) =>
    key === "inlineData" &&
    typeof value === "object" &&
    value !== null &&
    typeof (value as { data?: unknown }).data === "string"
      ? {
          ...value,
          data: `<${(value as { data: string }).data.length} base64 characters, written to a file>`,
        }
      : value,
  );
}
