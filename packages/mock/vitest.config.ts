import { projectConfig } from "../../vitest.shared.js";

// The files share no global state; reusing workers keeps the compiled spec validators across files.
export default projectConfig({ test: { name: "mock", isolate: false } });
