import type { ImageRequest, ImageTask } from "@feedgate/gateway-client";
import { generateImage, waitForImageTask } from "@feedgate/kit/images";
import { modelOf } from "../cli/config.js";
import { step, UsageError } from "../cli/errors.js";
import { gatewayClientOf } from "../cli/gateway.js";
import type { Body } from "../cli/runner.js";
import { excerpt } from "../cli/terminal-safe.js";
import { StatusSpinner } from "../render/spinner.js";
import { safeStem, saveImages } from "./image-files.js";
import { imageRequestOf } from "./image-request.js";
import type { COMMANDS } from "./index.js";
import type { OptionsOf } from "./spec.js";

type ImageOptions = OptionsOf<typeof COMMANDS.image>;

/**
 * `feedgate image <prompt>`: generates, polls the task with a spinner, writes the files.
 * `feedgate image --task <id>`: resumes waiting for a task submitted earlier, then the same.
 */
export const runImage: Body<ImageOptions> = async (ctx, options, prompt?: string) => {
  const { out } = ctx;
  const resume = options.task;
  if ((prompt === undefined) === (resume === undefined))
    throw new UsageError(
      resume === undefined ? "image: a prompt is required" : "image: --task takes no prompt",
      "feedgate image '<prompt>' draws; feedgate image --task <id> resumes a task",
    );
  if (resume !== undefined && !/^[\w.:-]{1,128}$/.test(resume))
    throw new UsageError(`--task: not a task id: ${JSON.stringify(resume.slice(0, 64))}`);
  const model = modelOf(options.model, ctx.env, true);
  const body = prompt === undefined ? undefined : imageRequestOf({ ...options, model, prompt });
  const gateway = gatewayClientOf(ctx);
  const spinner = new StatusSpinner(
    out,
    resume
      ? `waiting for task ${resume}…`
      : `${options.async ? "submitting" : "generating"} with ${model}…`,
  );
  // The last task state received, as the gateway sent it.
  let task: ImageTask | undefined;
  let outcome: Awaited<ReturnType<typeof generateImage>>;
  try {
    // The kit polls every 5 s (the gateway asks for 5–10 s) until a terminal status.
    const waiting = {
      signal: ctx.signal,
      onPoll: (state: ImageTask) => {
        task = state;
        const { status, task_id, id } = state as Record<string, unknown>;
        spinner.update(`task ${excerpt(task_id ?? id ?? "")}: ${excerpt(status ?? "unknown")}`);
      },
    };
    outcome = await step("image generation", () =>
      body === undefined
        ? waitForImageTask(gateway, resume!, waiting)
        : generateImage(gateway, body as ImageRequest, {
            ...waiting,
            mode: options.async ? "async" : "sync",
          }),
    );
  } catch (error) {
    spinner.fail(ctx.signal.aborted ? "stopped" : "image generation failed");
    throw error;
  }
  const { taskId } = outcome;
  spinner.succeed(
    `${outcome.images.length} image${outcome.images.length === 1 ? "" : "s"} ready${taskId ? ` (task ${taskId})` : ""}`,
  );
  const stem = safeStem(taskId, Date.now());
  const saved = await step("saving the images", () =>
    saveImages(outcome.images, options.out ?? ".", stem, {
      signal: ctx.signal,
      force: options.force === true,
      ...(options.downloadTimeout !== undefined && {
        downloadIdleTimeoutMs: options.downloadTimeout * 1000,
      }),
    }),
  );
  const { status } = outcome;
  if (out.json)
    out.data({ model, taskId: taskId ?? null, status, ...(task && { task }), files: saved });
  else for (const file of saved) out.print(file.path);
};
