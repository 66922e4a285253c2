import type * as HAR from "har-format";

/** One chunk of a recorded stream. */
export interface HarChunk {
  /** Milliseconds after the answer began. */
  time: number;
  /** Its length in `text` (UTF-16 units). */
  size: number;
}

/** An answer's body; fields starting with `_` are feedgate's own, as HAR allows. */
export interface HarContent extends HAR.Content {
  /** The bytes kept when the recording cut the body at its cap (`comment` says where). */
  _truncated?: number;
  /** An event stream as it arrived, chunk by chunk. */
  _chunks?: HarChunk[];
}

/** One exchange, credentials replaced. */
export interface HarEntry extends HAR.Entry {
  /** The request. */
  request: HAR.Request & {
    /** Its body; `_truncated`: the bytes kept when the recording cut it at its cap. */
    postData?: HAR.PostData & { _truncated?: number };
  };
  /** The answer. */
  response: HAR.Response & {
    /** Its body. */
    content: HarContent;
  };
}

/** HAR 1.2 (`@types/har-format`), the format of browser devtools, Charles and Polly.js. */
export interface Har {
  /** The recording. */
  log: HAR.Log & {
    /** The exchanges, in the order they finished. */
    entries: HarEntry[];
  };
}
