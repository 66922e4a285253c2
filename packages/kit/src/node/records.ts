import { createHash } from "node:crypto";
import type { MirrorDataJson, MirrorRecord } from "../store/state.js";

/** First 16 hex digits of SHA-256: enough to tell a torn or garbled line from a whole one. */
export function checksum(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
}

/** One journal line: `<checksum> <json>\n`. JSON never contains a raw newline. */
export function encodeRecord(record: MirrorRecord): string {
  const json = JSON.stringify(record);
  return `${checksum(json)} ${json}\n`;
}

export interface JournalScan {
  records: MirrorRecord[];
  /** Byte length of the valid prefix: everything after it (a torn or garbled tail) is discarded. */
  validBytes: number;
  /** Whether anything was discarded. */
  truncated: boolean;
  /**
   * Byte offset of a damaged line that valid records follow: not a torn end left by a crash
   * mid-append (which is only ever the last line), but damage in the middle. Undefined otherwise.
   */
  damagedAt: number | undefined;
}

/**
 * Reads the longest valid prefix of a journal. A line counts only if it ends with a newline
 * and its checksum matches; the first line that does not ends the journal, because a record
 * after a damaged one could depend on it.
 */
export function scanJournal(buffer: Buffer): JournalScan {
  const records: MirrorRecord[] = [];
  let offset = 0;
  while (offset < buffer.length) {
    const end = buffer.indexOf(0x0a, offset);
    if (end === -1) break;
    const line = buffer.toString("utf8", offset, end);
    const space = line.indexOf(" ");
    if (space !== 16) break;
    const json = line.slice(space + 1);
    if (checksum(json) !== line.slice(0, space)) break;
    let record: MirrorRecord;
    try {
      record = JSON.parse(json) as MirrorRecord;
    } catch {
      break;
    }
    records.push(record);
    offset = end + 1;
  }
  return {
    records,
    validBytes: offset,
    truncated: offset < buffer.length,
    damagedAt: laterValidLine(buffer, offset) ? offset : undefined,
  };
}

/** Whether a complete, checksummed line follows `from`: then the bad line there is damage, not a torn end. */
function laterValidLine(buffer: Buffer, from: number): boolean {
  let start = buffer.indexOf(0x0a, from);
  while (start !== -1 && start + 1 < buffer.length) {
    const end = buffer.indexOf(0x0a, start + 1);
    if (end === -1) return false;
    const line = buffer.toString("utf8", start + 1, end);
    if (line.indexOf(" ") === 16 && checksum(line.slice(17)) === line.slice(0, 16)) return true;
    start = end;
  }
  return false;
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
  try {
    return JSON.parse(body) as MirrorDataJson;
  } catch {
    return undefined;
  }
}
