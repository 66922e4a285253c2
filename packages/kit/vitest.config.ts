import { projectConfig } from "../../vitest.shared.ts";


export default projectConfig({ test: { name: "kit" } });
