import { REAL_PAYLOADS_MISSING, readPayload, realPayloadsDir } from "@feedgate/test-harness";

export const transcriptsAvailable = realPayloadsDir() !== undefined;
if (!transcriptsAvailable) console.warn(REAL_PAYLOADS_MISSING);

/** The recorded OpenAI Responses stream (LF framing, `event:` + `data:`). */
export const responsesTranscript = () =>
  readPayload("gateway/responses-stream.200.pydantic-ai-gpt-5.2.sse");

/** The recorded Gemini alt=sse stream (CRLF CRLF separators, data only). */
export const geminiTranscript = () =>
  readPayload("gateway/gemini-streamGenerateContent-alt-sse.200.pydantic-ai-gemini-2.5-flash.sse");

/** The recorded failing stream, stored as one JSON payload per line: re-framed as SSE. */
export function failingResponsesTranscript(): string {
  return readPayload("gateway/responses-stream.error-insufficient-quota.vercel-ai.chunks.jsonl")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
    .join("");
}

/** The `data:` payloads of a transcript, parsed, in order. */
export function dataOf(transcript: string): Array<Record<string, unknown>> {
  return transcript
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5).trim()) as Record<string, unknown>);
}
