/**
 * HAR 1.2, the format of browser devtools, Charles and Polly.js: the parts feedgate writes and
 * reads. `_` fields are feedgate's own, as HAR allows.
 */
export interface Har {
  log: { version: string; creator: { name: string; version: string }; entries: HarEntry[] };
}

/** A header or query parameter. */
export interface HarPair {
  name: string;
  value: string;
}

/** HAR's other fields (cookies, sizes, timings) are written, not read. */
interface Open {
  [field: string]: unknown;
}

/** One exchange. `_truncated`: the bytes kept of a body cut at the recording's cap. */
export interface HarEntry extends Open {
  startedDateTime: string;
  request: Open & { method: string; url: string; headers: HarPair[]; queryString: HarPair[] };
  response: Open & { status: number; headers: HarPair[]; content: HarContent };
}

/** A request body (`postData`). */
export interface HarPostData {
  mimeType: string;
  text: string;
  _truncated?: number;
}

export interface HarContent {
  size: number;
  mimeType: string;
  text?: string;
  encoding?: "base64";
  comment?: string;
  _truncated?: number;
  /** An event stream as it arrived: each chunk's time (ms after the answer began) and length in `text`. */
  _chunks?: Array<{ time: number; size: number }>;
}
