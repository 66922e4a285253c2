export {
  createSelectedMirror,
  MIRROR_DEFAULTS,
  type SelectedMirror,
  type SelectedMirrorOptions,
  type MirrorProgress,
  type MirrorStats,
  type SyncResult,
} from "./mirror.js";
export { createMemoryStore } from "../store/memory.js";
export type {
  MirrorStore,
  MirrorStoreState,
  MirrorChange,
  PendingSnapshot,
  ChangesPage,
  SnapshotPage,
  SelectedItem,
  SelectedFields,
  StoreFilter,
} from "../store/types.js";
