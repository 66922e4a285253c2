import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gatewayFixture, runCli } from "./helpers.js";

const fx = gatewayFixture("generate-e2e");

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

/** `feedgate generate <prompt> --images` into a folder of the fixture's work dir. */
const generateImages = (prompt: string, folder: string, ...flags: string[]) => {
  const dir = join(fx.work, folder);
  const args = ["generate", prompt, "--model", "Nano-Banana2", "--images", "--out", dir];
  return { dir, result: runCli([...args, ...flags], fx.env, 20_000) };
};

describe("feedgate generate (the contents-based routes)", () => {
  it("prints the text of a generateContent answer", async () => {
    const result = await runCli(
      ["generate", "hello there", "--model", "gemini-2.5-flash"],
      fx.env,
      20_000,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Echo: hello there");
    expect(fx.gateway.requests.at(-1)!.path).toBe(
      "/v1beta/models/gemini-2.5-flash:generateContent",
    );
  });

  it("--images writes the answer's images like `feedgate image`, named from the answer id, and prints their paths", async () => {
    const { dir, result: running } = generateImages("a cat", "images", "--json");
    const result = await running;
    expect(result.code, result.stderr).toBe(0);
    const body = JSON.parse(result.stdout) as {
      files: Array<{ path: string; from: string; bytes: number }>;
      answer: { responseId: string };
      text: string;
    };
    expect(body.files).toHaveLength(1);
    expect(body.files[0]).toMatchObject({
      path: join(dir, `${body.answer.responseId}-1.png`),
      from: "inlineData",
    });
    expect([...(await readFile(body.files[0]!.path)).subarray(0, 4)]).toEqual(PNG_MAGIC);
    // The JSON keeps the answer, not the image data.
    expect(result.stdout).not.toMatch(/iVBORw0KGgo/);
    expect(JSON.parse(fx.gateway.requests.at(-1)!.body).generationConfig).toEqual({
      responseModalities: ["TEXT", "IMAGE"],
    });
  });

  it("--stream prints the text as it arrives and writes the images from the stream", async () => {
    const { dir, result: running } = generateImages("a dog", "streamed", "--stream");
    const result = await running;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Echo: a dog");
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(result.stdout).toContain(join(dir, files[0]!));
    expect(fx.gateway.requests.at(-1)!.query.get("alt")).toBe("sse");
  });

  it("never overwrites a file without --force, with the same rules as `feedgate image`", async () => {
    const { dir, result: running } = generateImages("a cat", "no-overwrite", "--json");
    const first = await running;
    const path = (JSON.parse(first.stdout) as { files: Array<{ path: string }> }).files[0]!.path;
    await writeFile(path, "mine");
    // The fake's answer ids differ per request, so aim a second answer at the same name by hand.
    const { saveImages } = await import("../../src/internal/commands/image-files.js");
    const stem = path.slice(dir.length + 1).replace(/-1\.png$/, "");
    await expect(
      saveImages([{ bytes: new Uint8Array(PNG_MAGIC), mimeType: "image/png" }], dir, stem, {
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow(/already exists: not overwritten/);
    expect(await readFile(path, "utf8")).toBe("mine");
    await expect(
      saveImages([{ bytes: new Uint8Array(PNG_MAGIC) }], dir, "../escape", {
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow(/unsafe file name stem/);
    await expect(
      saveImages([{ bytes: new Uint8Array(100) }], dir, "big", {
        signal: new AbortController().signal,
        maxImageBytes: 10,
      }),
    ).rejects.toThrow(/over 10 bytes/);
  });
});
