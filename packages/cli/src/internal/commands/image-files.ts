import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";

/** Each image type's magic number, where its bytes have it (`null`: any byte), and extension. */
const MAGIC: ReadonlyArray<[ReadonlyArray<number | null>, string]> = [
  [[0x89, 0x50, 0x4e, 0x47], ".png"],
  [[0xff, 0xd8], ".jpg"],
  [[0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57], ".webp"],
  [[0x47, 0x49, 0x46], ".gif"],
];

/** The file extension of image bytes, by their magic number (PNG, JPEG, WebP, GIF), else `.png`. */
export function extensionOf(bytes: Uint8Array, contentType?: string | null): string {
  const magic = MAGIC.find(([head]) => head.every((byte, i) => byte === null || bytes[i] === byte));
  if (magic) return magic[1];
  if (contentType?.includes("jpeg")) return ".jpg";
  if (contentType?.includes("webp")) return ".webp";
  return ".png";
}

/** A file written, and where its bytes came from: the image URL, "b64_json", or "inlineData". */
export type SavedImage = { path: string; from: string; bytes: number };

export interface SaveOptions {
  signal: AbortSignal;
  /** Overwrite a file of the same name instead of failing. Default: false. */
  force?: boolean;
  /** A download with no bytes for this long fails. Default: 60000 ms. */
  downloadIdleTimeoutMs?: number;
  /** Largest image downloaded or decoded, in bytes. Default: 67108864 (64 MiB). */
  maxImageBytes?: number;
}

export const DOWNLOAD_IDLE_TIMEOUT_MS = 60_000;
export const MAX_IMAGE_BYTES = 64 * 1024 * 1024;

/** Raised when an image cannot be saved; the CLI prints its message and exits 1. */
export class ImageSaveError extends Error {
  override readonly name = "ImageSaveError";
}

/**
 * The stem of the file names. A task id comes from the server, so only its safe characters
 * are kept (letters, digits, `_`, `-`, at most 64): it can never name a folder, climb out of
 * `--out` or hide in a dot file. Without a usable id the stem is ours.
 */
export function safeStem(taskId: string | undefined, now: number): string {
  const cleaned = (taskId ?? "")
    .replace(/[^A-Za-z0-9_-]/g, "")
    .replace(/^[-_]+/, "")
    .slice(0, 64);
  return cleaned === "" ? `image-${now}` : cleaned;
}

/**
 * Writes each image to `dir` as `<stem>-<n><ext>` (the extension from the bytes' magic number).
 * URLs are downloaded without any credential (they point to a storage host; a redirect cannot
 * carry what was never sent), over http(s) only, with an idle timeout and a size cap. A file
 * that exists is never overwritten unless `force` is set.
 */
export async function saveImages(
  images: ReadonlyArray<{
    url?: string | undefined;
    b64_json?: string | undefined;
    bytes?: Uint8Array | undefined;
    mimeType?: string | undefined;
  }>,
  dir: string,
  stem: string,
  options: SaveOptions,
): Promise<SavedImage[]> {
  const {
    signal,
    force = false,
    downloadIdleTimeoutMs = DOWNLOAD_IDLE_TIMEOUT_MS,
    maxImageBytes = MAX_IMAGE_BYTES,
  } = options;
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(stem))
    throw new ImageSaveError(`unsafe file name stem ${JSON.stringify(stem)}`);
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  const saved: SavedImage[] = [];
  let n = 0;
  for (const image of images) {
    // The gateway sends both keys, empty when unused: an empty string means absent.
    const url = image.url?.trim() ? image.url.trim() : undefined;
    const b64 = image.b64_json?.trim() ? image.b64_json.trim() : undefined;
    let bytes: Uint8Array;
    let contentType: string | null = null;
    let from = "inlineData";
    if (image.bytes !== undefined) {
      // Already decoded (a generateContent answer's inline image): the same cap applies.
      if (image.bytes.byteLength > maxImageBytes)
        throw new ImageSaveError(`an image in the answer is over ${maxImageBytes} bytes`);
      bytes = image.bytes;
      contentType = image.mimeType ?? null;
    } else if (b64 !== undefined) {
      if (b64.length > Math.ceil(maxImageBytes / 3) * 4)
        throw new ImageSaveError(`an image in the answer is over ${maxImageBytes} bytes`);
      bytes = Buffer.from(b64, "base64");
      from = "b64_json";
    } else if (url !== undefined) {
      ({ bytes, contentType } = await download(url, signal, downloadIdleTimeoutMs, maxImageBytes));
      from = url;
    } else {
      continue;
    }
    n += 1;
    const path = resolve(root, `${stem}-${n}${extensionOf(bytes, contentType)}`);
    // The name is ours, so this holds; checked anyway, as the last line of defence.
    if (dirname(path) !== root) throw new ImageSaveError(`refusing to write outside ${root}`);
    try {
      await writeFile(path, bytes, { flag: force ? "w" : "wx" });
    } catch (error) {
      if ((error as { code?: string }).code === "EEXIST")
        throw new ImageSaveError(
          `${path} already exists: not overwritten (pass --force to replace it)`,
        );
      throw error;
    }
    saved.push({ path, from, bytes: bytes.byteLength });
  }
  return saved;
}

/** One image URL's bytes, read under an idle timeout and a size cap. */
async function download(
  url: string,
  signal: AbortSignal,
  idleMs: number,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; contentType: string | null }> {
  if (!URL.canParse(url))
    throw new ImageSaveError(
      `the gateway answered an image URL that is not a URL: ${JSON.stringify(url.slice(0, 80))}`,
    );
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    throw new ImageSaveError(`refusing to download an image over ${parsed.protocol}`);
  const shown = `${parsed.origin}${parsed.pathname}`;
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  signal.addEventListener("abort", abort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () =>
        controller.abort(
          new ImageSaveError(`downloading ${shown} stalled: no data for ${idleMs} ms`),
        ),
      idleMs,
    );
  };
  try {
    idle();
    const response = await fetch(parsed, {
      signal: controller.signal,
      credentials: "omit",
      redirect: "follow",
    });
    if (!response.ok)
      throw new ImageSaveError(`downloading ${shown} failed: HTTP ${response.status}`);
    if (Number(response.headers.get("content-length")) > maxBytes)
      throw new ImageSaveError(`downloading ${shown}: over ${maxBytes} bytes`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      idle();
      if ((size += chunk.byteLength) > maxBytes)
        throw new ImageSaveError(`downloading ${shown}: over ${maxBytes} bytes`);
      chunks.push(chunk);
    }
    return { bytes: Buffer.concat(chunks), contentType: response.headers.get("content-type") };
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof ImageSaveError) throw error;
    if (controller.signal.reason instanceof ImageSaveError) throw controller.signal.reason;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new ImageSaveError(
      `downloading ${shown} failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    );
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", abort);
    if (!controller.signal.aborted) controller.abort();
  }
}
