// The feed document is kept in two parts (see CONTRIBUTING.md, "Specs"):
//   specs/feed/openapi-v1.json  the service's published document reduced to its structure
//                               (stripStructure below): its facts, none of its prose;
//   specs/feed/overlay.yaml     an OpenAPI Overlay 1.0 document with everything this project
//                               adds: our descriptions, the named examples Prism serves, the
//                               308 Location header, shared components, tags.
// `redocly bundle feed@v1` applies the overlay (redocly.yaml lists it). Redocly skips an action
// whose target matches nothing without a word, so every bundle first checks the targets here
// (unmatchedTargets): a target the upstream structure no longer has fails the build by name.
import { readFileSync } from "node:fs";
import { query } from "jsonpath-rfc9535";
import { parse } from "yaml";

/** Keys that are prose or sample data wherever they stand as keywords, never structure. */
const PROSE = new Set(["description", "summary", "title", "example", "examples"]);

/** Keywords whose value is a map from names (paths, statuses, properties, ...) to nodes. */
const NAME_MAPS = new Set([
  "paths",
  "webhooks",
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "responses",
  "content",
  "headers",
  "variables",
  "links",
  "callbacks",
  "encoding",
  "mapping",
  "securitySchemes",
  "scopes",
  "schemas",
  "parameters",
  "requestBodies",
  "pathItems",
]);

/** Keywords whose value is data (literal JSON), not a node to walk. */
const DATA = new Set(["enum", "const", "default", "required"]);

/** The value's placeholder for `info.title`, which OpenAPI requires: the overlay sets ours. */
export const STRUCTURE_TITLE = "structure only: prose in the overlay";

function strip(node, position) {
  if (Array.isArray(node)) return node.map((item) => strip(item, "node"));
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (position === "names") {
      out[key] = strip(value, "node");
      continue;
    }
    if (PROSE.has(key) || key.startsWith("x-")) continue;
    if (DATA.has(key)) out[key] = structuredClone(value);
    // `parameters` is a list in operations and path items, a name map in components.
    else out[key] = strip(value, NAME_MAPS.has(key) && !Array.isArray(value) ? "names" : "node");
  }
  return out;
}

/**
 * The document reduced to its structure: paths, parameters, schemas, enums, statuses, headers,
 * formats and bounds stay; every description, summary, title, example(s) and x- extension goes
 * (property, header or path names that happen to be "title" or "description" stay).
 */
export function stripStructure(doc) {
  const out = strip(doc, "node");
  out.info = { title: STRUCTURE_TITLE, ...out.info };
  return out;
}

/** The text `spec:fetch --write` stores (and the split committed): stable, diffable JSON. */
export const structureText = (doc) => `${JSON.stringify(stripStructure(doc), null, 2)}\n`;

/** Reads an OpenAPI Overlay 1.0 document (YAML or JSON). */
export function readOverlay(file) {
  const overlay = parse(readFileSync(file, "utf8"));
  if (typeof overlay?.overlay !== "string" || !Array.isArray(overlay.actions))
    throw new Error(`${file} is not an OpenAPI Overlay document`);
  return overlay;
}

/**
 * The targets of `overlay`'s actions that select nothing in `doc`. Every action targets the
 * structure as published (never a node another action adds), so each must match at least once.
 */
export function unmatchedTargets(doc, overlay) {
  const missing = [];
  for (const action of overlay.actions) {
    let matches;
    try {
      matches = query(doc, action.target);
    } catch (error) {
      throw new Error(
        `overlay target ${action.target} is not a valid JSONPath: ${error instanceof Error ? error.message : error}`,
      );
    }
    if (matches.length === 0) missing.push(action.target);
  }
  return missing;
}
