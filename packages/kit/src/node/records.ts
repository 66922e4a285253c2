import { createHash } from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import type { MirrorDataJson, MirrorRecord } from "../internal/store/state.js";
import { openStoreFile } from "./durable-fs.js";

/** First 16 hex digits of SHA-256: enough to tell a torn or garbled line from a whole one. */
export function checksum(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** One journal line: `<checksum> <json>\n`. JSON never contains a raw newline. */
export function encodeRecord(record: MirrorRecord): string {
  const json = JSON.stringify(record);
  return `${checksum(json)} ${json}\n`;
}

/** Longest journal line written or read: 64 MiB, twice the clients' largest buffered body. */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;

/**
 * Thrown when a journal is damaged in the middle (valid records follow a bad one). Nothing is
 * changed on disk: move the file aside to keep it, or delete the directory to re-snapshot.
 */
export class StoreCorruptError extends Error {
  /** Always `"StoreCorruptError"`. */
  override readonly name = "StoreCorruptError";
  /** Always `"ECORRUPT"`, for `error.code` checks. */
  readonly code = "ECORRUPT";
  constructor(
    /** The damaged journal file. */
    readonly file: string,
    /** The byte offset where the damage starts. */
    readonly offset: number,
  ) {
    super(
      `mirror store journal ${file} is damaged at byte ${offset}, and valid records follow; nothing was changed: delete the directory to re-snapshot`,
    );
  }
}

/** The record on one journal line (`<checksum> <json>`), or undefined when the line is not whole. */
function parseLine(line: Buffer | undefined): MirrorRecord | undefined {
  if (line === undefined || line[16] !== 0x20) return undefined;
  const json = line.subarray(17);
  if (checksum(json) !== line.toString("latin1", 0, 16)) return undefined;
  return parseJson<MirrorRecord>(json.toString("utf8"));
}

/** `text` parsed as JSON, or undefined when it is not JSON. */
function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

const HEX = Buffer.from("0123456789abcdef");

/**
 * The newline-ended lines of a file, read 1 MiB at a time: a line over {@link MAX_RECORD_BYTES}
 * is yielded as `undefined`, never held whole, so memory stays bounded whatever the file holds
 * (a sparse gigabyte of zeros included). An unended last line is not yielded.
 */
async function* lines(handle: FileHandle): AsyncGenerator<Buffer | undefined> {
  const chunk = Buffer.allocUnsafe(2 ** 20);
  let [parts, length]: [Buffer[], number] = [[], 0];
  for (let position = 0, read = 1; read > 0; position += read) {
    read = (await handle.read(chunk, 0, chunk.length, position)).bytesRead;
    for (let from = 0; from < read; ) {
      const newline = chunk.subarray(0, read).indexOf(0x0a, from);
      const to = newline === -1 ? read : newline;
      // Nor held when it cannot be a record (no hex checksum first: a sparse hole of zeros, say).
      if (length === 0 && to > from && !HEX.includes(chunk[from]!)) length = MAX_RECORD_BYTES + 1;
      length += to - from;
      parts = length > MAX_RECORD_BYTES ? [] : [...parts, Buffer.from(chunk.subarray(from, to))];
      if (newline === -1) break;
      yield length > MAX_RECORD_BYTES ? undefined : Buffer.concat(parts, length);
      [parts, length, from] = [[], 0, to + 1];
    }
  }
}

/**
 * Replays the longest valid prefix of the journal at `path` into `apply`, streaming. A line
 * counts only if it ends with a newline and its checksum matches; the first line that does not
 * ends the journal, because a record after a damaged one could depend on it. A bad line with a
 * valid one after it is damage, not the torn end a crash mid-append leaves: {@link StoreCorruptError}.
 */
export async function replayJournal(path: string, apply: (record: MirrorRecord) => void) {
  const handle = await openStoreFile(path);
  try {
    // validBytes: the valid prefix (everything after it, a torn or garbled tail, is discarded).
    const scan = { replayed: 0, validBytes: 0, fileBytes: (await handle.stat()).size };
    let damaged = false;
    for await (const line of lines(handle)) {
      const record = parseLine(line);
      if (record === undefined) damaged = true;
      else if (damaged) throw new StoreCorruptError(path, scan.validBytes);
      else {
        apply(record);
        scan.replayed++;
        scan.validBytes += line!.length + 1;
      }
    }
    return scan;
  } finally {
    await handle.close();
  }
}

const SNAPSHOT_MAGIC = "FEEDGATE-MIRROR-SNAPSHOT 1";

/** A compacted state file: a header line with checksum and length, then the JSON. */
export function encodeSnapshot(json: MirrorDataJson): string {
  const body = JSON.stringify(json);
  return `${SNAPSHOT_MAGIC} ${checksum(body)} ${Buffer.byteLength(body, "utf8")}\n${body}`;
}

/** Parses a snapshot file, or returns undefined when it is incomplete or damaged. */
export function decodeSnapshot(text: string): MirrorDataJson | undefined {
  const newline = text.indexOf("\n");
  if (newline === -1) return undefined;
  const [magic, version, sum, length] = text.slice(0, newline).split(" ");
  if (`${magic} ${version}` !== SNAPSHOT_MAGIC) return undefined;
  const body = text.slice(newline + 1);
  if (String(Buffer.byteLength(body, "utf8")) !== length || checksum(body) !== sum)
    return undefined;
  return parseJson<MirrorDataJson>(body);
}
