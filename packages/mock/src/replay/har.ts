/**
 * HAR 1.2 (the format browser devtools, Charles and Polly.js read and write), the parts feedgate
 * writes and reads. Fields starting with `_` are feedgate's own, as HAR allows custom fields.
 */
export interface Har {
  log: {
    version: "1.2";
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}

/** A header or query parameter. */
export interface HarPair {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  /** Total milliseconds, request to last byte. */
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: HarPair[];
    queryString: HarPair[];
    cookies: HarPair[];
    headersSize: -1;
    bodySize: number;
    postData?: { mimeType: string; text: string; _truncated?: number; _encoding?: "base64" };
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: HarPair[];
    cookies: HarPair[];
    content: HarContent;
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

export interface HarContent {
  /** Bytes of the whole body as it arrived (before any cut). */
  size: number;
  mimeType: string;
  text?: string;
  encoding?: "base64";
  comment?: string;
  /** Bytes kept when the body was cut at the recording's cap (the rest is not in the file). */
  _truncated?: number;
  /** An event stream as it arrived: each chunk's arrival (ms after the response began) and its length in `text` (UTF-16 units). */
  _chunks?: Array<{ time: number; size: number }>;
}
