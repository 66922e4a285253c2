import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Har } from "@feedgate/mock";
import { expect } from "vitest";
import type { RunningCli } from "../e2e/helpers.js";
import { startCli } from "../e2e/helpers.js";

/** Starts a command that prints its URL(s) as JSON (`record --json`, `mock --json`) and reads them. */
export async function started(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ cli: RunningCli; json: Record<string, string> }> {
  const cli = startCli([...args, "--json"], env);
  await cli.waitFor(/\}\n/);
  return { cli, json: JSON.parse(cli.stdout()) as Record<string, string> };
}

/** `feedgate record` in front of `target`, into a file of a fresh scratch directory. */
export async function recording(target: string, env: Record<string, string> = {}) {
  const file = join(await mkdtemp(join(tmpdir(), "feedgate-record-")), "calls.har");
  return { file, ...(await started(["record", "--target", target, "--out", file], env)) };
}

/** Ctrl-C, then the run's result: a clean stop. */
export async function stop(cli: RunningCli) {
  cli.interrupt();
  const result = await cli.done;
  expect(result.code).toBe(130);
  return result;
}

/** The `data:` payloads of an event stream, in order. */
export function eventsIn(text: string): string[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).trim());
}

export const parseHar = (text: string) => JSON.parse(text) as Har;
