// The key is redacted before a body is cut at the recording's cap: a key that straddles the cut
// leaves no prefix behind in the file.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { harFile } from "../../src/internal/commands/record-har.js";

it("a key echoed across the cap is redacted whole, then the body is cut", async () => {
  const dir = await mkdtemp(join(tmpdir(), "feedgate-har-"));
  try {
    const key = "sk-straddle-0123456789abcdef";
    const cap = 100;
    // The key starts 10 bytes before the cap: cutting first would keep "sk-stradd".
    const text = `${"x".repeat(cap - 10)}${key}${"y".repeat(50)}`;
    const content = { size: text.length, mimeType: "text/plain", text, _truncated: cap };
    const file = harFile(join(dir, "calls.har"), []);
    await file.add(
      {
        startedDateTime: new Date(0).toISOString(),
        time: 0,
        request: {
          method: "GET",
          url: "http://127.0.0.1/",
          httpVersion: "HTTP/1.1",
          headers: [],
          queryString: [],
          cookies: [],
          headersSize: -1,
          bodySize: 0,
        },
        response: {
          status: 200,
          statusText: "",
          httpVersion: "HTTP/1.1",
          headers: [],
          cookies: [],
          content,
          redirectURL: "",
          headersSize: -1,
          bodySize: text.length,
        },
        cache: {},
        timings: { send: 0, wait: 0, receive: 0 },
      },
      [key],
    );
    const written = await readFile(join(dir, "calls.har"), "utf8");
    const kept = JSON.parse(written).log.entries[0].response.content.text as string;
    expect(Buffer.byteLength(kept)).toBe(cap);
    expect(kept.startsWith("x".repeat(cap - 10))).toBe(true);
    expect(written).not.toContain(key.slice(0, 6));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
