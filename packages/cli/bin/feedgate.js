#!/usr/bin/env node
// The `feedgate` command. A committed launcher rather than a link straight to dist/bin.js:
// pnpm links a workspace package's bin only if its file exists at install time, and on a
// fresh clone `pnpm install` runs before the first build.
try {
  await import("../dist/bin.js");
} catch (error) {
  const missing =
    error && error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes("dist/bin.js");
  if (!missing) throw error;
  console.error(
    "feedgate: not built yet: run `pnpm exec turbo run build --filter=feedgate...` first",
  );
  process.exit(1);
}
