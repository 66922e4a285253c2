/**
 * `@feedgate/kit/node`: the Node-only parts of the kit. Today: the embedded, crash-safe
 * on-disk store for the selected-set mirror.
 */

export { UnsafeStoreFileError } from "./durable-fs.js";
export {
  type FileMirrorStore,
  type FileStoreOptions,
  type FileStoreRecovery,
  openFileStore,
} from "./file-store.js";
export { StoreLockedError } from "./lock.js";
export { type FileStoreView, readFileStore } from "./read-store.js";
export { StoreCorruptError } from "./records.js";
