import {
  createGatewayClient,
  type GatewayClient,
  type GenerateContentResponse,
  type ImageRequest,
  type ImageTask,
} from "@feedgate/gateway-client";
import {
  collectGenerateContent,
  contentImages,
  outputText,
} from "@feedgate/gateway-client/collect";
import { generateImage } from "@feedgate/kit/images";
import { gatewayOf } from "../cli/config.js";
import type { CommandContext } from "../cli/context.js";
import { USER_AGENT } from "../version.js";
import { cliLogger } from "./clients.js";
import { UNDICI_TIMEOUTS, untimedFetch } from "./http.js";
import type { GatewayServices } from "./types.js";

function taskIdOf(task: ImageTask): string {
  const t = task as { task_id?: unknown; id?: unknown };
  return String(t.task_id ?? t.id ?? "");
}

/** The gateway side of the CLI: the gateway client on the kit's transport, and the kit's task polling. */
export function gatewayServices(ctx: CommandContext): GatewayServices {
  const gateway = gatewayClientOf(ctx);
  return {
    async image(body, options) {
      let task: ImageTask | undefined;
      // The kit polls every 5 s (the gateway asks for 5–10 s) until a terminal status.
      const generation = await generateImage(gateway, body as ImageRequest, {
        mode: options.async ? "async" : "sync",
        signal: options.signal,
        onPoll: (state) => {
          task = state;
          options.onStatus(
            String((state as { status?: unknown }).status ?? "unknown"),
            taskIdOf(state),
          );
        },
      });
      return {
        taskId: generation.taskId,
        status: generation.status,
        task,
        images: generation.images,
      };
    },
    async respond(model, prompt, signal) {
      const response = await gateway.responses.create({ model, input: prompt }, { signal });
      return { response, text: outputText(response) };
    },
    async respondStream(model, prompt, signal) {
      return gateway.responses.stream({ model, input: prompt }, { signal });
    },
    async generateContent(model, prompt, { images, stream, onText, signal }) {
      const body = {
        contents: [{ role: "user", parts: [{ text: prompt }] }],
        ...(images ? { generationConfig: { responseModalities: ["TEXT", "IMAGE"] } } : {}),
      };
      let answer: GenerateContentResponse;
      if (stream) {
        const chunks = await gateway.gemini.streamGenerateContent(model, body as never, { signal });
        // Text goes out as it arrives; the chunks are folded into one answer for the images.
        async function* tee() {
          for await (const chunk of chunks) {
            const piece = textOfAnswer(chunk);
            if (piece) await onText?.(piece);
            yield chunk;
          }
        }
        answer = await collectGenerateContent(
          Object.assign(tee(), { requestId: chunks.requestId, response: chunks.response }) as never,
        );
      } else {
        answer = await gateway.gemini.generateContent(model, body as never, { signal });
      }
      return { answer, text: textOfAnswer(answer), images: contentImages(answer) };
    },
    async countTokens(protocol, model, text, signal) {
      if (protocol === "messages")
        return gateway.messages.countTokens(
          { model, messages: [{ role: "user", content: text }] },
          { signal },
        );
      return gateway.responses.countInputTokens({ model, input: text }, { signal });
    },
  };
}

/**
 * The gateway client of a command, with the client's own defaults (600 s per attempt, 330 s
 * stream idle timeout) over a fetch without undici's shorter 300 s timeouts (through the
 * environment's proxy when one is set), and the CLI's
 * logger; a missing URL or key is a usage error, before any request.
 */
export function gatewayClientOf(
  ctx: CommandContext,
  fetch: (request: Request) => Promise<Response> = untimedFetch(UNDICI_TIMEOUTS, ctx.env),
): GatewayClient {
  const { url, apiKey } = gatewayOf(ctx.globals, ctx.env);
  ctx.out.addSecret(apiKey);
  return createGatewayClient({
    baseUrl: url,
    apiKey,
    headers: { "User-Agent": USER_AGENT },
    fetch,
    ...cliLogger(ctx),
  });
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
