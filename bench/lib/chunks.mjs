// Cuts a byte buffer into the chunks a client would read off the network. Deterministic
// (seeded PRNG), so both parsers get exactly the same chunks in every round.
import { createPrng } from "@feedgate/mock";

/** The fakes' seeded PRNG as a function, uniform in [0, 1). */
export const prng = (seed) => createPrng(seed).next;

/**
 * Network-sized reads: lengths log-uniform between `min` and `max` bytes, cut anywhere (in
 * the middle of lines and of multi-byte UTF-8 characters too), as HTTP body reads arrive.
 */
export function networkChunks(bytes, { min = 256, max = 16_384, seed = 7 } = {}) {
  const random = prng(seed);
  const chunks = [];
  for (let at = 0; at < bytes.length; ) {
    const size = Math.round(Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min))));
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

/**
 * Live-stream reads: one chunk per server-sent event (a model's token stream is written event
 * by event), with one event in eight split in two at a random byte, as TCP sometimes does.
 */
export function eventChunks(bytes, { seed = 11 } = {}) {
  const random = prng(seed);
  const chunks = [];
  let start = 0;
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0x0a || bytes[i + 1] !== 0x0a) continue;
    const end = i + 2;
    if (random() < 0.125 && end - start > 2) {
      const cut = start + 1 + Math.floor(random() * (end - start - 1));
      chunks.push(bytes.subarray(start, cut), bytes.subarray(cut, end));
    } else chunks.push(bytes.subarray(start, end));
    start = end;
    i++;
  }
  if (start < bytes.length) chunks.push(bytes.subarray(start));
  return chunks;
}

/** A fresh ReadableStream that hands out the given chunks, one per pull. */
export function streamOf(chunks) {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++]);
      else controller.close();
    },
  });
}
