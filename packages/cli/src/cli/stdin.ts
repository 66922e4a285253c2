import { UsageError } from "./errors.js";

/** The most read from stdin for a prompt: far above any prompt, far below what exhausts memory. */
const MAX_STDIN_BYTES = 8 * 1024 * 1024;

/**
 * A text argument, or standard input when it is `-` (as `cat -` and `gh` do): read whole, as
 * UTF-8, up to 8 MiB. A terminal on stdin would wait forever for text nobody pipes in, so it
 * is refused with a usage error instead.
 */
export async function textArgument(value: string, what: string, stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (value !== "-") return value;
  if (stdin.isTTY) throw new UsageError(`${what} "-" reads standard input, but it is a terminal: pipe the text in (echo … | feedgate …)`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    if ((size += bytes.length) > MAX_STDIN_BYTES) throw new UsageError(`${what} on standard input is over ${MAX_STDIN_BYTES} bytes`);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString("utf8");
}
