// The smoke scripts of the runtime matrix and the pack-and-install test. Each module's
// default export is `async (baseUrl, expected) => void` and throws on failure. `browser: false`
// marks an entry point that is Node-only by design.
export const SMOKES = [
  { name: "@feedgate/feed-client", file: "smoke/feed-client.mjs", browser: true },
  { name: "@feedgate/gateway-client", file: "smoke/gateway-client.mjs", browser: true },
  { name: "@feedgate/kit", file: "smoke/kit.mjs", browser: true },
];
