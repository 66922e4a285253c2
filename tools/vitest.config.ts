import { projectConfig } from "../vitest.shared.js";

export default projectConfig({ test: { name: "tools", testTimeout: 120_000 } });
