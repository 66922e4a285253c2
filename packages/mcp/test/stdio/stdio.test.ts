import { Readable } from "node:stream";
import { expect, it } from "vitest";
import { lineCap } from "../../src/index.js";

async function through(
  max: number,
  chunks: Array<string | Buffer>,
): Promise<{ lines: string[]; dropped: number[] }> {
  const dropped: number[] = [];
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks.map((c) => Buffer.from(c))).pipe(
    lineCap(max, (n) => dropped.push(n)),
  ))
    out.push(chunk as Buffer);
  return { lines: Buffer.concat(out).toString().split("\n").filter(Boolean), dropped };
}

it("passes lines through whole, however they are chunked", async () => {
  const { lines, dropped } = await through(100, ['{"a":', '1}\n{"b"', ":2}\n", '{"c":3}\n']);
  expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  expect(dropped).toEqual([]);
});

it("drops a line over the cap as it streams, and keeps serving the next", async () => {
  const endless = Array.from({ length: 50 }, () => "x".repeat(1000));
  const { lines, dropped } = await through(4096, [
    '{"first":1}\n',
    ...endless,
    "\n",
    '{"next":2}\n',
  ]);
  expect(lines).toEqual(['{"first":1}', '{"next":2}']);
  expect(dropped).toEqual([50_001]);
});
