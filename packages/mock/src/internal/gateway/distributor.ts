import { parseJsonBody, type Reply } from "../core/reply.js";
import {
  invalidJsonBody,
  modelNotFound,
  modelNotSpecified,
  NOT_JSON,
  noAccessToModel,
} from "./envelopes.js";
import type { GatewayRoute } from "./routes.js";

/** The models `startGatewayFake` serves by default: the ones `feedgate demo` and the CLI's defaults use. */
export const DEMO_MODELS: readonly string[] = [
  "gpt-5.2",
  "gpt-4.1-mini",
  "claude-sonnet-4-5",
  "gemini-2.5-flash",
  "Nano-Banana2",
  "GPT-image-2",
];

/** The suffix the distributor appends to a compact request's model (middleware/distributor.go:344-346). */
export const COMPACT_SUFFIX = "-openai-compact";

/** What the distributor needs to know about one request. */
export interface DistributeInput {
  route: GatewayRoute;
  /** The Gemini path's model (the body is not read on those routes). */
  pathModel: string | undefined;
  headers: Record<string, string>;
  body: string;
  /** Models the presented key may use; undefined: any (an unrestricted key). */
  keyModels: readonly string[] | undefined;
  /** Models a channel serves; "any": every model. */
  served: readonly string[] | "any";
  requestId: string;
}

/**
 * The gateway's `Distribute` middleware (middleware/distributor.go:30-165), in the source's order:
 * the body is parsed only under a JSON `Content-Type` (bad JSON → 400); an image request without a
 * model is routed as `dall-e` (:299-300) and a compact one renamed `<model>-openai-compact`
 * (:344-346); a model-restricted key is checked first, even on the task poll where the model is `""`
 * (:57-75); then an empty model → 400 (:77-80); then no channel → 503 `model_not_found` (:137-154).
 * Returns the refusal, or the model the request continues with.
 */
export function distribute(input: DistributeInput): { refusal: Reply } | { model: string } {
  const { route, requestId } = input;
  const json = (input.headers["content-type"] ?? "").toLowerCase().startsWith("application/json");
  let model = "";
  if (route === "generateContent" || route === "streamGenerateContent") {
    model = input.pathModel ?? "";
  } else if (route === "getImageTask") {
    // An empty body under a JSON Content-Type is not valid JSON (distributor.go:273-279).
    if (json) return { refusal: invalidJsonBody("unexpected end of JSON input", requestId) };
  } else if (json) {
    const parsed = parseJsonBody(input.body);
    if (!parsed) return { refusal: invalidJsonBody(NOT_JSON, requestId) };
    model = typeof parsed["model"] === "string" ? parsed["model"] : "";
  }
  if (route === "createImage" && model === "") model = "dall-e";
  if (route === "compactResponse" && model !== "") model = `${model}${COMPACT_SUFFIX}`;
  if (input.keyModels !== undefined && !input.keyModels.includes(model))
    return { refusal: noAccessToModel(model, requestId) };
  if (route === "getImageTask") return { model };
  if (model === "") return { refusal: modelNotSpecified(requestId) };
  if (!serves(input.served, model)) return { refusal: modelNotFound(model, requestId) };
  return { model };
}

/** Whether a channel serves `model`; the fake serves compaction for every model it serves. */
function serves(served: readonly string[] | "any", model: string): boolean {
  if (served === "any") return true;
  return (
    served.includes(model) ||
    (model.endsWith(COMPACT_SUFFIX) && served.includes(model.slice(0, -COMPACT_SUFFIX.length)))
  );
}
