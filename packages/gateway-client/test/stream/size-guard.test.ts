import { describe, expect, it } from "vitest";
import { sseSizeGuard } from "../../src/internal/limits.js";

/** A guard whose failures are plain errors naming what passed its cap. */
const guardOf = (maxLine: number, maxEvent: number) =>
  sseSizeGuard(
    { maxLineBytes: maxLine, maxEventBytes: maxEvent },
    (what, limit) => new Error(`${what} > ${limit}`) as never,
  );
const bytes = (text: string) => new TextEncoder().encode(text);

/** The guard's verdict for the text cut into the given chunks: "ok", or the message it threw. */
function verdict(guard: ReturnType<typeof sseSizeGuard>, chunks: string[]): string {
  try {
    for (const chunk of chunks) guard(bytes(chunk));
    return "ok";
  } catch (error) {
    return (error as Error).message;
  }
}

/** Every way of cutting `text` in two, so a boundary falls inside each line and each CRLF. */
const cuts = (text: string) =>
  Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);

describe("sseSizeGuard counts exactly, however the stream is cut", () => {
  it("a line of exactly the cap passes, one byte more fails, with LF, CR and CRLF endings", () => {
    for (const end of ["\n", "\r", "\r\n"]) {
      const atCap = `data: 1234${end}data: 56${end}${end}`; // longest line: 10 bytes
      for (const chunks of cuts(atCap)) expect(verdict(guardOf(10, 100), chunks)).toBe("ok");
      for (const chunks of cuts(`data: 12345${end}${end}`))
        expect(verdict(guardOf(10, 100), chunks)).toBe("one line of the event stream > 10");
    }
  });

  it("an event is its lines' bytes up to the blank line (line ends not counted); a blank line starts the next", () => {
    const twoEvents = "data: ab\r\ndata: cd\r\n\r\ndata: ef\n\n"; // first event: 16 bytes
    for (const chunks of cuts(twoEvents)) expect(verdict(guardOf(100, 16), chunks)).toBe("ok");
    for (const chunks of cuts(twoEvents))
      expect(verdict(guardOf(100, 15), chunks)).toBe("one event of the event stream > 15");
  });

  it("a CR and the LF after it end one line, not two: no empty line ends the event between them", () => {
    // Were "\r" + "\n" two line ends, the empty line between them would reset the event count.
    const oneEvent = "data: ab\r\ndata: cd\r\ndata: ef\n\n"; // 24 bytes in one event
    for (const chunks of cuts(oneEvent))
      expect(verdict(guardOf(100, 23), chunks)).toBe("one event of the event stream > 23");
  });

  it("many chunks of one byte count the same as one chunk", () => {
    const text = `data: ${"x".repeat(50)}\n\n`;
    expect(verdict(guardOf(56, 56), [...text])).toBe("ok");
    expect(verdict(guardOf(55, 100), [...text])).toBe("one line of the event stream > 55");
  });
});
