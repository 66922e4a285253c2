import { projectConfig } from "../../vitest.shared.js";

export default projectConfig({ test: { name: "mcp", testTimeout: 30_000, hookTimeout: 30_000 } });
