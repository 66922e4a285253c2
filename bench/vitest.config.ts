import { projectConfig } from "../vitest.shared.js";

export default projectConfig({ test: { name: "bench" } });
