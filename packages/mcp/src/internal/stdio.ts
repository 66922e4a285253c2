import { Transform, type TransformCallback } from "node:stream";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

/** Options of {@link serveStdio}. */
export interface ServeStdioOptions {
  /** Largest message (one line) read; a longer one is dropped unread, and the next line is served. Default: 4194304 (4 MiB). */
  maxLineBytes?: number | undefined;
  /** Told when a line is dropped. Default: a note on stderr. */
  onDropped?: ((bytes: number) => void) | undefined;
}

/**
 * Passes lines through, and drops any line longer than `max` bytes as it streams (never holding
 * more than `max` bytes of it), so one endless message cannot exhaust memory or stop the server.
 */
export function lineCap(max: number, onDropped: (bytes: number) => void): Transform {
  let held = 0;
  let dropping = false;
  let dropped = 0;
  const pending: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let start = 0;
      for (let newline = chunk.indexOf(10); ; newline = chunk.indexOf(10, start)) {
        const end = newline === -1 ? chunk.length : newline + 1;
        const piece = chunk.subarray(start, end);
        if (dropping) dropped += piece.length;
        else if (held + piece.length > max) {
          dropping = true;
          dropped = held + piece.length;
          pending.length = 0;
          held = 0;
        } else {
          pending.push(piece);
          held += piece.length;
        }
        if (newline === -1) break;
        if (dropping) onDropped(dropped);
        else this.push(Buffer.concat(pending));
        dropping = false;
        pending.length = 0;
        held = 0;
        start = end;
      }
      callback();
    },
  });
}

/**
 * Serves `server` over this process's stdin and stdout (newline-delimited JSON-RPC): stdout
 * carries protocol messages only, so anything else a host should see goes to stderr. Messages
 * over `maxLineBytes` are dropped. Resolves when stdin ends or the stdio channel closes.
 */
export async function serveStdio(
  server: McpServer,
  options: ServeStdioOptions = {},
): Promise<void> {
  const {
    maxLineBytes = 4 * 1_048_576,
    onDropped = (bytes) =>
      process.stderr.write(
        `feedgate mcp: dropped a ${bytes}-byte message (over ${maxLineBytes} bytes)\n`,
      ),
  } = options;
  const input = process.stdin.pipe(lineCap(maxLineBytes, onDropped));
  const channel = new StdioServerTransport(
    input as unknown as typeof process.stdin,
    process.stdout,
  );
  const closed = new Promise<void>((resolve) => {
    channel.onclose = () => resolve();
    input.once("end", () => resolve());
  });
  await server.connect(channel);
  await closed;
  await server.close();
}
