#!/usr/bin/env node
import { main } from "./main.js";

const code = await main(process.argv);
// Exit explicitly once output is flushed, so no idle socket or timer keeps the process alive.
const flush = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => (stream.writableNeedDrain ? stream.once("drain", resolve) : resolve()));
await Promise.all([flush(process.stdout), flush(process.stderr)]);
process.exit(code);
