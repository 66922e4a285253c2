import { type ChildProcess, spawn } from "node:child_process";
import { freePort, fromRoot } from "@feedgate/test-harness";

export interface PrismProxy {
  url: string;
  /** Everything the CLI printed (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Runs `prism proxy --errors <spec> <upstream>` as a child process (the CLI's own code path),
 * with Scarf analytics off, and waits until it answers. `stop()` ends only this child.
 */
export async function startPrismProxy(
  spec: string,
  upstream: string,
  timeoutMs = 30_000,
): Promise<PrismProxy> {
  const port = await freePort();
  const cli = fromRoot("node_modules/@stoplight/prism-cli/dist/index.js");
  let output = "";
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, "proxy", "--errors", "-p", String(port), "-h", "127.0.0.1", "-v", "warn", spec, upstream],
    {
      env: { ...process.env, SCARF_ANALYTICS: "false", DO_NOT_TRACK: "1", NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  const deadline = Date.now() + timeoutMs;
  // Bounded readiness poll: any HTTP answer means the proxy listens.
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null)
      throw new Error(`prism exited early (${child.exitCode}):\n${output}`);
    try {
      await fetch(`${url}/__ready`, { signal: AbortSignal.timeout(1000) });
      return { url, log: () => output, stop };
    } catch {
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stop();
  throw new Error(`prism proxy did not start within ${timeoutMs} ms:\n${output}`);
}
