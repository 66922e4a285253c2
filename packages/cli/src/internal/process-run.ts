// The CLI as a process (what dist/bin.js runs once the compile cache is on): main() with the
// real streams, stream failures handled, and an explicit exit once output is flushed.
import { main } from "./main.js";

// `feedgate … | head`: once the reader has gone, nobody can see more output, so the command
// has done all it can. End quietly with 0, as `cat` and `gh` do, instead of a stack trace.
// Any other failure to write (ENOBUFS, EINVAL, EIO on a vanished terminal) is one line on
// stderr, when stderr still works, and exit 1: never an uncaught error with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    if (stream === process.stdout) {
      try {
        process.stderr.write(
          `feedgate: error: writing the output failed (${error.code ?? error.message})\n`,
        );
      } catch {}
    }
    process.exit(1);
  });
}

const code = await main(process.argv);
// Exit explicitly once output is flushed, so no idle socket or timer keeps the process alive.
// Writes to a pipe are asynchronous: an empty write's callback runs after every earlier write
// has been handed to the OS, so nothing queued is lost to process.exit.
const flush = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) =>
    stream.destroyed || !stream.writable ? resolve() : stream.write("", () => resolve()),
  );
await Promise.all([flush(process.stdout), flush(process.stderr)]);
process.exit(code);
