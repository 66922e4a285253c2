import { readFileSync } from "node:fs";
import { packageFile } from "../package-file.js";

/**
 * The demo's gateway data: the text its streamed response spells out (the gateway fake of
 * `@feedgate/mock` generates the Responses events from it), and a small PNG (48×27, a
 * lighthouse-at-dawn colour sketch drawn for this project, `assets/demo-lighthouse.png`)
 * returned by the fake image task.
 */

/** The text the demo's streamed response spells out, delta by delta. */
export const DEMO_TEXT =
  "今天的热点集中在开源多模态模型：权重与评测全部公开，社区复现确认它已追平闭源旗舰。";

/** The demo image as an image task's `b64_json`; read when first asked for (the file ships in the package). */
export function demoImageBase64(): string {
  return readFileSync(packageFile("assets/demo-lighthouse.png")).toString("base64");
}
