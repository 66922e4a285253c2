import { projectConfig } from "../vitest.shared.ts";

export default projectConfig({ test: { name: "tools", testTimeout: 30_000 } });
