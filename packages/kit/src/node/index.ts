/**
 * `@feedgate/kit/node`: the Node-only parts of the kit. Today: the embedded, crash-safe
 * on-disk store for the selected-set mirror.
 */
export { openFileStore, StoreCorruptError, type FileStoreOptions, type FileMirrorStore, type FileStoreRecovery } from "./file-store.js";
export { StoreLockedError } from "./lock.js";
export { UnsafeStoreFileError } from "./durable-fs.js";
export { readFileStore, type FileStoreView } from "./read-store.js";
