import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

/** The file extension of image bytes, by their magic number (PNG, JPEG, WebP, GIF), else `.png`. */
export function extensionOf(bytes: Uint8Array, contentType?: string | null): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return ".png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return ".jpg";
  if (bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x46 && bytes[8] === 0x57) return ".webp";
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return ".gif";
  if (contentType?.includes("jpeg")) return ".jpg";
  if (contentType?.includes("webp")) return ".webp";
  return ".png";
}

export interface SavedImage {
  path: string;
  /** Where the bytes came from: the image URL, or "b64_json". */
  from: string;
  bytes: number;
}

/**
 * Writes each image to `dir`: URLs are downloaded (without any credential: they point to a
 * storage host, not the gateway), base64 payloads are decoded. Names are `<stem>-<n><ext>`.
 */
export async function saveImages(
  images: ReadonlyArray<{ url?: string | undefined; b64_json?: string | undefined }>,
  dir: string,
  stem: string,
  signal: AbortSignal,
): Promise<SavedImage[]> {
  await mkdir(dir, { recursive: true });
  const saved: SavedImage[] = [];
  let n = 0;
  for (const image of images) {
    // The gateway sends both keys, empty when unused: an empty string means absent.
    const url = image.url?.trim() ? image.url.trim() : undefined;
    const b64 = image.b64_json?.trim() ? image.b64_json.trim() : undefined;
    let bytes: Uint8Array;
    let contentType: string | null = null;
    if (b64 !== undefined) {
      bytes = Buffer.from(b64, "base64");
    } else if (url !== undefined) {
      let response: Response;
      try {
        response = await fetch(url, { signal, credentials: "omit" });
      } catch (error) {
        if (signal.aborted) throw error;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        throw new Error(`downloading ${url} failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
      }
      if (!response.ok) throw new Error(`downloading ${url} failed: HTTP ${response.status}`);
      contentType = response.headers.get("content-type");
      bytes = new Uint8Array(await response.arrayBuffer());
    } else {
      continue;
    }
    n += 1;
    const path = resolve(join(dir, `${stem}-${n}${extensionOf(bytes, contentType)}`));
    await writeFile(path, bytes);
    saved.push({ path, from: b64 !== undefined ? "b64_json" : url!, bytes: bytes.byteLength });
  }
  return saved;
}
