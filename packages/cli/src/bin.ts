#!/usr/bin/env node
import module from "node:module";

// Node 22.1 and newer keep the compiled code of the CLI's modules on disk (in the system's
// temporary folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so later starts skip most of
// the compiling. Node 20 has no such cache and skips the call. It covers only what is loaded
// after it: hence the rest of the CLI is imported here, not statically.
module.enableCompileCache?.();
await import("./internal/process-run.js");
