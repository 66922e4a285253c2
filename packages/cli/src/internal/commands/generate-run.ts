import type { GatewayClient, GenerateContentResponse } from "@feedgate/gateway-client";
import { collectGenerateContent, contentImages } from "@feedgate/gateway-client/collect";
import type { CommandContext } from "../cli/context.js";
import { step } from "../cli/errors.js";
import { promptCall } from "../cli/gateway.js";
import { stripTerminalControls } from "../cli/terminal-safe.js";
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
  const { prompt, model, gateway } = await promptCall(ctx, options.model, argument);
  const streaming = options.stream === true && !out.json;
  let wroteText = false;
  const answer = await step("generation", () =>
    generateContent(gateway, model, prompt, {
      images: options.images === true,
      stream: options.stream === true,
      signal: ctx.signal,
      onText: streaming
        ? async (text) => {
            out.printPart(stripTerminalControls(text));
            wroteText = true;
            await out.drained(ctx.signal);
          }
        : undefined,
    }),
  );
  const outcome = { answer, text: textOfAnswer(answer), images: contentImages(answer) };
  if (wroteText) out.printPart("\n");
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

/**
 * `generateContent`, or its stream with each piece of text handed to `onText` as it arrives
 * and the chunks folded into one answer (for the images).
 */
async function generateContent(
  gateway: GatewayClient,
  model: string,
  prompt: string,
  options: {
    images: boolean;
    stream: boolean;
    onText: ((text: string) => Promise<void>) | undefined;
    signal: AbortSignal;
  },
): Promise<GenerateContentResponse> {
  const { signal, onText } = options;
  const body = {
    contents: [{ role: "user", parts: [{ text: prompt }] }],
    ...(options.images ? { generationConfig: { responseModalities: ["TEXT", "IMAGE"] } } : {}),
  };
  if (!options.stream) return gateway.gemini.generateContent(model, body as never, { signal });
  const chunks = await gateway.gemini.streamGenerateContent(model, body as never, { signal });
  async function* tee() {
    for await (const chunk of chunks) {
      const piece = textOfAnswer(chunk);
      if (piece) await onText?.(piece);
      yield chunk;
    }
  }
  return collectGenerateContent(
    Object.assign(tee(), { requestId: chunks.requestId, response: chunks.response }) as never,
  );
}

/** The text parts of an answer's first candidate (thoughts left out), joined. */
function textOfAnswer(answer: GenerateContentResponse): string {
  const parts = Array.isArray(answer?.candidates?.[0]?.content?.parts)
    ? answer.candidates[0].content.parts
    : [];
  return parts
    .map((p) => (typeof p?.text === "string" && p.thought !== true ? p.text : ""))
    .join("");
}
