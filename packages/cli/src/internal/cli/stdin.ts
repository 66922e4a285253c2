import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { UsageError } from "./errors.js";
import type { InStream } from "./output.js";

/** The most read from stdin for a prompt: far above any prompt, far below what exhausts memory. */
export const MAX_STDIN_BYTES = 8 * 1024 * 1024;

/**
 * A text argument, or standard input when it is `-` (as `cat -` and `gh` do): read whole (with
 * `firstLine`, up to its first newline), as UTF-8, up to 8 MiB. A terminal on stdin would wait
 * forever for text nobody pipes in, so it is refused with a usage error instead.
 */
export async function textArgument(
  value: string,
  what: string,
  stdin: InStream = process.stdin,
  firstLine = false,
): Promise<string> {
  if (value !== "-") return value;
  if (stdin.isTTY)
    throw new UsageError(
      `${what} "-" reads standard input, but it is a terminal: pipe the text in (echo … | feedgate …)`,
    );
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk);
    if ((size += bytes.length) > MAX_STDIN_BYTES)
      throw new UsageError(`${what} on standard input is over ${MAX_STDIN_BYTES} bytes`);
    chunks.push(bytes);
    if (firstLine && bytes.includes(10)) break;
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The text of a regular file named by an option, read whole as UTF-8 up to `maxBytes`. Only a
 * regular file is read: `/dev/zero` would never end and a FIFO would wait for a writer forever
 * (it is opened with O_NONBLOCK and refused), so both are usage errors, before anything is sent.
 */
export async function regularFileText(
  path: string,
  option: string,
  maxBytes: number,
): Promise<string> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new UsageError(
      `cannot read ${option} ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw new UsageError(
        `${option} ${path} is not a regular file (a device, FIFO or directory is never read)`,
      );
    const buffer = Buffer.alloc(maxBytes + 1);
    let size = 0;
    // Read at most one byte past the cap: a file that grows while it is read is still bounded.
    for (
      let n: number;
      size <= maxBytes &&
      (n = (await handle.read(buffer, size, buffer.length - size, null)).bytesRead) > 0;
    )
      size += n;
    if (stats.size > maxBytes || size > maxBytes)
      throw new UsageError(`${option} ${path} is over ${maxBytes} bytes`);
    return buffer.subarray(0, size).toString("utf8");
  } finally {
    await handle.close();
  }
}

/** A prompt (`respond`, `generate`): {@link textArgument}, refused when blank. */
export async function promptArgument(value: string, stdin?: InStream): Promise<string> {
  const prompt = await textArgument(value, "the prompt", stdin);
  if (prompt.trim() === "") throw new UsageError("the prompt is empty");
  return prompt;
}
