/**
 * HAR 1.2, the format of browser devtools, Charles and Polly.js: the parts feedgate writes and
 * reads. Fields starting with `_` are feedgate's own, as HAR allows.
 */
export interface Har {
  /** The recording. */
  log: HarLog;
}

/** A HAR file's `log`. */
export interface HarLog {
  /** `"1.2"`. */
  version: string;
  /** What wrote the file. */
  creator: HarCreator;
  /** The exchanges, in the order they finished. */
  entries: HarEntry[];
}

/** What wrote a HAR file. */
export interface HarCreator {
  /** Its name. */
  name: string;
  /** Its version. */
  version: string;
}

/** A header or query parameter. */
export interface HarPair {
  /** Its name. */
  name: string;
  /** Its value. */
  value: string;
}

/** One exchange (HAR's other fields, such as `timings`, are written, not read). */
export interface HarEntry {
  /** When the request began (ISO 8601). */
  startedDateTime: string;
  /** The request. */
  request: HarRequest;
  /** The answer. */
  response: HarResponse;
  /** Other HAR fields. */
  [field: string]: unknown;
}

/** A recorded request. */
export interface HarRequest {
  /** The HTTP method. */
  method: string;
  /** The absolute URL, credentials replaced. */
  url: string;
  /** Its headers, credentials replaced. */
  headers: HarPair[];
  /** Its query parameters. */
  queryString: HarPair[];
  /** Its body, if any. */
  postData?: HarPostData;
  /** Other HAR fields. */
  [field: string]: unknown;
}

/** A request body. */
export interface HarPostData {
  /** Its content type. */
  mimeType: string;
  /** The body as text. */
  text: string;
  /** The bytes kept when the recording cut it at its cap. */
  _truncated?: number;
}

/** A recorded answer. */
export interface HarResponse {
  /** The HTTP status. */
  status: number;
  /** Its headers, credentials replaced. */
  headers: HarPair[];
  /** Its body. */
  content: HarContent;
  /** Other HAR fields. */
  [field: string]: unknown;
}

/** An answer's body. */
export interface HarContent {
  /** The bytes of the whole body as it arrived. */
  size: number;
  /** Its content type. */
  mimeType: string;
  /** The body: text, or base64 with `encoding`. */
  text?: string;
  /** `"base64"` for a body that is not text. */
  encoding?: "base64";
  /** Where the recording cut the body. */
  comment?: string;
  /** The bytes kept when the recording cut the body at its cap. */
  _truncated?: number;
  /** An event stream as it arrived, chunk by chunk. */
  _chunks?: HarChunk[];
}

/** One chunk of a recorded stream. */
export interface HarChunk {
  /** Milliseconds after the answer began. */
  time: number;
  /** Its length in `text` (UTF-16 units). */
  size: number;
}
