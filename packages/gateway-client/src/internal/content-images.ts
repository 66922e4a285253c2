import { createError } from "@feedgate/core";
import { limitOf } from "./limits.js";
import type { GenerateContentResponse } from "./types.js";

/** An image a `generateContent` answer carries inline (an `inlineData` part with an `image/*` type). */
export interface ContentImage {
  /** Its media type as the answer gives it, e.g. `image/png`. */
  mimeType: string;
  /** Its bytes, decoded from the part's base64 `data`. */
  bytes: Uint8Array;
  /** The index of the candidate it belongs to (0 unless several were asked for). */
  candidate: number;
}

/** Options of {@link contentImages} and {@link streamContentImages}. */
export interface ContentImagesOptions {
  /** Largest image decoded, in bytes; a bigger one fails with kind `invalid_response`, code `image_too_large`. Default: 67108864 (64 MiB). */
  maxImageBytes?: number | undefined;
  /** Images given at most (per answer; per stream for {@link streamContentImages}, which then stops reading). Default: 16 ({@link MAX_CONTENT_IMAGES}). */
  maxImages?: number | undefined;
  /** Decoded bytes of a whole stream at most; past it a LimitExceededError (code `max_image_bytes`). Default: 268435456 (256 MiB). */
  maxTotalBytes?: number | undefined;
}

/** The default of {@link ContentImagesOptions.maxImageBytes}: 64 MiB. */
export const MAX_CONTENT_IMAGE_BYTES = 64 * 1024 * 1024;
/** The default of {@link ContentImagesOptions.maxImages}. */
export const MAX_CONTENT_IMAGES = 16;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const badImage = (code: string, message: string) =>
  createError({ kind: "invalid_response", status: 200, code, message });

/** Base64 (or base64url) text to bytes, with web-standard APIs only. */
function decodeBase64(data: string, maxBytes: number): Uint8Array {
  const text = data.replace(/\s+/g, "").replaceAll("-", "+").replaceAll("_", "/");
  if (Math.floor((text.length * 3) / 4) > maxBytes + 2)
    throw badImage("image_too_large", `an inline image in the answer is over ${maxBytes} bytes`);
  let binary = "";
  try {
    if (BASE64.test(text)) binary = atob(text.padEnd(Math.ceil(text.length / 4) * 4, "="));
  } catch {}
  if (binary === "" && text !== "")
    throw badImage("bad_image_data", "an inline image in the answer is not base64");
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The images of one `generateContent` answer (or one chunk of a `streamGenerateContent` stream),
 * in order: every `inlineData` part whose `mimeType` is `image/*`, decoded. Text, thoughts and
 * other parts are left out; a part that is not what the document says is skipped, never trusted.
 */
export function contentImages(
  answer: GenerateContentResponse,
  options: ContentImagesOptions = {},
): ContentImage[] {
  const maxBytes = limitOf(options, "maxImageBytes", MAX_CONTENT_IMAGE_BYTES);
  const maxImages = limitOf(options, "maxImages", MAX_CONTENT_IMAGES);
  const images: ContentImage[] = [];
  const candidates = Array.isArray(answer?.candidates) ? answer.candidates : [];
  candidates.forEach((candidate, position) => {
    const index = typeof candidate?.index === "number" ? candidate.index : position;
    const parts = Array.isArray(candidate?.content?.parts) ? candidate.content.parts : [];
    for (const part of parts) {
      const blob = (part as { inlineData?: { mimeType?: unknown; data?: unknown } } | null)
        ?.inlineData;
      if (
        typeof blob?.mimeType !== "string" ||
        typeof blob.data !== "string" ||
        !/^image\//i.test(blob.mimeType) ||
        images.length >= maxImages
      )
        continue;
      images.push({
        mimeType: blob.mimeType,
        bytes: decodeBase64(blob.data, maxBytes),
        candidate: index,
      });
    }
  });
  return images;
}

/**
 * The images of a `streamGenerateContent` stream, yielded as the chunks that carry them arrive
 * (an image comes whole in one chunk), up to `maxImages` (then the stream is cancelled) and
 * `maxTotalBytes` in all. Reading it consumes the stream; `break` cancels it.
 */
export async function* streamContentImages(
  stream: AsyncIterable<GenerateContentResponse>,
  options: ContentImagesOptions = {},
): AsyncGenerator<ContentImage, void, undefined> {
  let left = limitOf(options, "maxImages", MAX_CONTENT_IMAGES);
  const maxTotal = limitOf(options, "maxTotalBytes", 256 * 1024 * 1024);
  let total = 0;
  for await (const chunk of stream)
    for (const image of contentImages(chunk, { ...options, maxImages: left })) {
      total += image.bytes.length;
      if (total > maxTotal)
        throw createError({
          kind: "limit_exceeded",
          code: "max_image_bytes",
          message: `the stream's images are over ${maxTotal} bytes in all: the stream was cancelled`,
        });
      yield image;
      if (--left === 0) return;
    }
}
