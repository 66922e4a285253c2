// The smoke server's answers, taken from the examples in the OpenAPI documents (so they are
// valid by construction), and the values a client must read out of them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../lib/packages.mjs";

function readSpec(path) {
  return JSON.parse(readFileSync(join(root, path), "utf8"));
}

/** Follows a local "$ref" ("#/components/...") until the object is no longer a reference. */
function deref(spec, value) {
  let current = value;
  for (let hops = 0; current?.$ref !== undefined && hops < 10; hops += 1) {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce((node, key) => node[key], spec);
  }
  return current;
}

/** The first example of one response body of one operation. */
export function exampleOf(spec, path, method, status, mediaType) {
  const response = deref(spec, spec.paths[path][method].responses[status]);
  const media = response.content[mediaType];
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  if (first === undefined)
    throw new Error(`no example for ${method} ${path} ${status} ${mediaType}`);
  return deref(spec, first).value;
}

/** The text of a Responses object: its output_text parts, in order. */
function outputTextOf(response) {
  return response.output
    .filter((item) => item.type === "message")
    .flatMap((item) => item.content)
    .filter((part) => part.type === "output_text")
    .map((part) => part.text)
    .join("");
}

export function loadExamples() {
  const feed = readSpec("specs/feed/dist/openapi-v1.json");
  const gateway = readSpec("specs/gateway/dist/openapi.json");
  const bodies = {
    hotTopics: exampleOf(feed, "/api/v1/hot-topics", "get", "200", "application/json"),
    storyNotFound: exampleOf(
      feed,
      "/api/v1/stories/{publicId}",
      "get",
      "404",
      "application/problem+json",
    ),
    response: exampleOf(gateway, "/v1/responses", "post", "200", "application/json"),
    responseStream: exampleOf(gateway, "/v1/responses", "post", "200", "text/event-stream"),
    unauthorized: exampleOf(gateway, "/v1/responses", "post", "401", "application/json"),
  };
  const completed = bodies.responseStream
    .split("\n\n")
    .map((frame) => frame.split("\n").find((line) => line.startsWith("data: ")))
    .filter((line) => line !== undefined)
    .map((line) => JSON.parse(line.slice("data: ".length)))
    .find((event) => event.type === "response.completed");
  /** What the smoke scripts must get back through the clients. */
  const expected = {
    hotTopicsCount: bodies.hotTopics.items.length,
    firstHotTopicTitle: bodies.hotTopics.items[0].title,
    notFoundCode: bodies.storyNotFound.code,
    responseId: bodies.response.id,
    responseText: outputTextOf(bodies.response),
    streamedResponseId: completed.response.id,
    streamedText: outputTextOf(completed.response),
  };
  return { bodies, expected };
}
