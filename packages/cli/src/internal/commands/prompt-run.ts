import { stripTerminalControls } from "@feedgate/core/terminal";
import type { GatewayClient, GenerateContentResponse } from "@feedgate/gateway-client";
import {
  collectGenerateContent,
  contentImages,
  outputText,
} from "@feedgate/gateway-client/collect";
import { modelOf } from "../cli/config.js";
import { step } from "../cli/errors.js";
import { gatewayClientOf } from "../cli/gateway.js";
import type { Body, CommandContext } from "../cli/runner.js";
import { promptArgument } from "../cli/stdin.js";
import { safeStem, saveImages } from "./image-files.js";
import type { COMMANDS } from "./index.js";
import type { OptionsOf } from "./spec.js";

/** Text printed as it streams in: cleaned, with backpressure, and ended by one newline if any came. */
function streamedText({ out, signal }: CommandContext) {
  let wrote = false;
  return {
    async write(text: string) {
      out.printPart(stripTerminalControls(text));
      wrote = true;
      // The next piece is read only once stdout took this one.
      await out.drained(signal);
    },
    end: () => wrote && out.printPart("\n"),
  };
}

/** What a prompt command (`respond`, `generate`) starts with: its prompt (`-`: stdin), model and client. */
type PromptCall = CommandContext & { prompt: string; model: string; gateway: GatewayClient };

const promptCommand =
  <O extends { model?: string }>(run: (call: PromptCall, options: O) => Promise<void>): Body<O> =>
  async (ctx, options, argument) => {
    const prompt = await promptArgument(argument ?? "", ctx.stdin);
    return run(
      { ...ctx, prompt, model: modelOf(options.model, ctx.env), gateway: gatewayClientOf(ctx) },
      options,
    );
  };

type RespondOptions = OptionsOf<typeof COMMANDS.respond>;

/** `feedgate respond <prompt>`: a model's answer, streamed as it arrives with `--stream`. */
export const runRespond = promptCommand<RespondOptions>(async (call, options) => {
  const { out, signal, prompt, model, gateway } = call;
  const body = { model, input: prompt };
  if (!options.stream) {
    const response = await step("response", () => gateway.responses.create(body, { signal }));
    if (out.json) out.data(response);
    else out.print(stripTerminalControls(outputText(response)));
    return;
  }
  await step("streamed response", async () => {
    const stream = await gateway.responses.stream(body, { signal });
    out.verbose(`streaming (request id ${stream.requestId ?? "-"})`);
    // The stream itself fails (StreamError `stream_truncated`) when it ends without response.completed / failed / incomplete.
    const text = streamedText(call);
    for await (const event of stream) {
      const e = event as {
        type: string;
        delta?: unknown;
        response?: { error?: { message?: string } | null };
      };
      if (out.json) {
        out.data(event);
        await out.drained(signal);
      } else if (e.type === "response.output_text.delta" && typeof e.delta === "string")
        await text.write(e.delta);
      if (e.type === "response.failed")
        throw new Error(`the response failed: ${e.response?.error?.message ?? "no reason given"}`);
    }
    text.end();
  });
});

type GenerateOptions = OptionsOf<typeof COMMANDS.generate>;

/**
 * `feedgate generate <prompt>`: the contents-based route. Text is printed (stripped of control
 * sequences); images are written as `feedgate image` writes them: under `--out`, named from the
 * answer's id reduced to safe characters (never a path from server text), never overwriting a
 * file without `--force`, each under the same size cap.
 */
export const runGenerate = promptCommand<GenerateOptions>(async (call, options) => {
  const { out, signal, model } = call;
  const streaming = options.stream === true && !out.json;
  const text = streamedText(call);
  const answer = await step("generation", () =>
    generateContent(call, {
      images: options.images === true,
      stream: options.stream === true,
      onText: streaming ? text.write : undefined,
    }),
  );
  const [images, said] = [contentImages(answer), textOfAnswer(answer)];
  text.end();
  const stem = safeStem((answer as { responseId?: string }).responseId, Date.now());
  const saved =
    images.length === 0
      ? []
      : await step("saving the images", () =>
          saveImages(images, options.out ?? ".", stem, { signal, force: options.force === true }),
        );
  if (out.json) {
    out.data({ model, answer: withoutImageData(answer), text: said, files: saved });
    return;
  }
  if (!streaming && said !== "") out.print(stripTerminalControls(said));
  for (const file of saved) out.print(file.path);
});

/** The answer with each inline image's data replaced by its size: the bytes are in the files. */
function withoutImageData(answer: unknown): unknown {
  return JSON.parse(JSON.stringify(answer), (key, value: { data?: unknown } | null) =>
    key === "inlineData" && typeof value?.data === "string"
      ? { ...value, data: `<${value.data.length} base64 characters, written to a file>` }
      : value,
  );
}

/**
 * `generateContent`, or its stream with each piece of text handed to `onText` as it arrives
 * and the chunks folded into one answer (for the images).
 */
async function generateContent(
  { gateway, model, prompt, signal }: PromptCall,
  options: {
    images: boolean;
    stream: boolean;
    onText: ((text: string) => Promise<void>) | undefined;
  },
): Promise<GenerateContentResponse> {
  const { onText } = options;
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
  const parts = answer?.candidates?.[0]?.content?.parts;
  return (Array.isArray(parts) ? parts : [])
    .map((p) => (typeof p?.text === "string" && p.thought !== true ? p.text : ""))
    .join("");
}
