import type { ImageRequest, ImageTask } from "@feedgate/gateway-client";
import { outputText } from "@feedgate/gateway-client/collect";
import { generateImage } from "@feedgate/kit/images";
import type { CommandContext } from "../cli/context.js";
import { gatewayClientOf } from "./clients.js";
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
          options.onStatus(String((state as { status?: unknown }).status ?? "unknown"), taskIdOf(state));
        },
      });
      return { taskId: generation.taskId, status: generation.status, task, images: generation.images };
    },
    async respond(model, prompt, signal) {
      const response = await gateway.responses.create({ model, input: prompt }, { signal });
      return { response, text: outputText(response) };
    },
    async respondStream(model, prompt, signal) {
      return gateway.responses.stream({ model, input: prompt }, { signal });
    },
    async countTokens(protocol, model, text, signal) {
      if (protocol === "messages") return gateway.messages.countTokens({ model, messages: [{ role: "user", content: text }] }, { signal });
      return gateway.responses.countInputTokens({ model, input: text }, { signal });
    },
  };
}
