// Copies a client package's bundled OpenAPI document (the exact one its types were generated
// from) into its dist/, published as `<package>/openapi.json`, so a user can run Prism or a
// validator against it. Run by each client package's build, after `generate` bundled it.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Where each client package's document comes from (the bundles `tools/generate.mjs` writes and reads). */
export const SHIPPED_DOCUMENTS = {
  feed: { from: "specs/feed/dist/openapi-v1.json", pkg: "packages/feed-client" },
  gateway: { from: "specs/gateway/dist/openapi.json", pkg: "packages/gateway-client" },
};

/** The published path of the document inside a client package. */
export const SHIPPED_PATH = "dist/openapi.json";

export function shipOpenapi(name) {
  const target = SHIPPED_DOCUMENTS[name];
  if (!target)
    throw new Error(
      `ship-openapi: unknown document ${JSON.stringify(name)} (${Object.keys(SHIPPED_DOCUMENTS).join(", ")})`,
    );
  const from = join(root, target.from);
  if (!existsSync(from))
    throw new Error(
      `ship-openapi: ${target.from} is missing; run \`pnpm generate\` first (it bundles the document)`,
    );
  const to = join(root, target.pkg, SHIPPED_PATH);
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    shipOpenapi(process.argv[2]);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
