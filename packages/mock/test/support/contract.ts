import type { SpecValidator } from "@feedgate/test-harness";
import { expect } from "vitest";
import type { Answer } from "./http.js";

/**
 * Every declared status of every operation of `spec`: `produce` makes its answer (undefined: the
 * status is skipped); each answer produced has that status and passes `check`.
 */
export async function walkStatuses(
  spec: SpecValidator,
  produce: (operationId: string, status: string) => Promise<Answer | undefined>,
  check: (operationId: string, status: string, answer: Answer) => void,
): Promise<{ produced: string[]; skipped: string[] }> {
  const produced: string[] = [];
  const skipped: string[] = [];
  for (const { operationId, operation } of spec.operations()) {
    for (const status of Object.keys(operation["responses"] as object)) {
      const answer = await produce(operationId, status);
      const name = `${operationId} ${status}`;
      if (!answer) {
        skipped.push(name);
        continue;
      }
      expect(answer.status, `${name}: ${answer.text.slice(0, 300)}`).toBe(Number(status));
      check(operationId, status, answer);
      produced.push(name);
    }
  }
  return { produced, skipped };
}
