/**
 * The demo's gateway data: a small generated PNG (48×27, a lighthouse-at-dawn colour sketch,
 * drawn for this project) returned by the fake image task, and the events of a streamed
 * Responses answer, shaped like the OpenAI Responses stream the gateway relays.
 */

/** A valid PNG, base64, as an image task's `b64_json`. */
export const DEMO_IMAGE_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAbCAIAAAC1C5slAAAHU0lEQVR42u3Uocs6WwLG8V+xWEwWw5osFpNFFkwWi8lisZgsFsPBCSeMTDhhZMBZGGFwwgmDE06Yl4F3wrwwGL4mi8VkkQWTxWLaFW7YG/bevCwXvn/AJzw8v34JKoKqoCaoCxqCpqAlaAs6gq6gJ+gLBoKhYCQYCyaCqWAmmAsWgqVgJZCCtUAJNoKtYCfYC7TgIDCCL8G34EdwFJwEZ8FFcBXcBHfBQ/AUvARvwa9fFhWLqkXNom7RsGhatCzaFh2LrkXPom8xsBhajCzGFhOLqcXMYm6xsFharCykxdpCWWwsthY7i72FtjhYGIsvi2+LH4ujxcnibHGxuFrcLO4WD4unxcvibX1AkoqkKqlJ6pKGpClpSdqSjqQr6Un6koFkKBlJxpKJZCqZSeaShWQpWUmkZC1Rko1kK9lJ9hItOUiM5EvyLfmRHCUnyVlykVwlN8ld8pA8JS/JW35ANhWbqk3Npm7TsGnatGzaNh2brk3Ppm8zsBnajGzGNhObqc3MZm6zsFnarGykzdpG2WxstjY7m72NtjnYGJsvm2+bH5ujzcnmbHOxudrcbO42D5unzcvmbX9ADhWHqkPNoe7QcGg6tBzaDh2HrkPPoe8wcBg6jBzGDhOHqcPMYe6wcFg6rBykw9pBOWwctg47h72Ddjg4/Ouf//itH4ejw8nh7HBxuDrcHO4OD4enw8vh7XxAioqiqqgp6oqGoqloKdqKjqKr6Cn6ioFiqBgpxoqJYqqYKeaKhWKpWCmkYq1Qio1iq9gp9uo/lN93UpwVF8VVcVPcFQ/FU/FSvNUH5FJxqbrUXOouDZemS8ul7dJx6br0XPouA5ehy8hl7DJxmbrMXOYuC5ely8pFuqxdlMvGZeuyc9m7fwByObtcXK4uN5e7y8Pl6fJyebsfkEfFo+pR86h7NDyaHi2PtkfHo+vR8+h7DDyGHiOPscfEY+ox85h7LDyWHisP6bH2UB4bj63Hzvvvmt86e1w8rh43j7vHw+Pp8fJ4ex+QT8Wn6lPzqfs0fJo+LZ+2T8en69Pz6fsMfIY+I5+xz8Rn6jPzmfssfJY+Kx/ps/ZRPhufrc/O/1OQz8Xn6nPzufs8fJ4+L5+3/wEFVAKqAbWAekAjoBnQCmgHdAK6Ab2AfsAgYBgwChgHTAKmAbOAecAiYBmwCpAB6wAVsAnYBuyCPwUFXAKuAbeAe8Aj4BnwCngHH1BIJaQaUguphzRCmiGtkHZIJ6Qb0gvphwxChiGjkHHIJGQaMguZhyxCliGrEBmyDlEhm5BtyC5kH/7BhkLOIZeQa8gt5B7yCHmGvELe4QcUUYmoRtQi6hGNiGZEK6Id0YnoRvQi+hGDiGHEKGIcMYmYRswi5hGLiGXEKkJGrCNUxCZiG7GL2Ed/AIo4R1wirhG3iHvEI+IZ8Yp4Rx+QpqKpamqauqahaWpamramo+lqepq+ZqAZakaasWaimWpmmrlmoVlqVhqpWWuUZqPZanaavUZrDvp3P6Q5ak6as+aiuWpumrvmoXlqXpq3/oBiKjHVmFpMPaYR04xpxbRjOjHdmF5MP2YQM4wZxYxjJjHTmFnMPGYRs4xZxciYdYyK2cRsY3Yx+xgdc4gxMV8x3zE/MceYU8w55hJzjbnF3GMeMc+YV8w7/oASKgnVhFpCPaGR0ExoJbQTOgndhF5CP2GQMEwYJYwTJgnThFnCPGGRsExYJciEdYJK2CRsE3YJ+wSdcEgwCV8J3wk/CceEU8I54ZJwTbgl3BMeCc+EV8I7+YAMFUPVUDPUDQ1D09AytA0dQ9fQM/QNA8PQMDKMDRPD1DAzzA0Lw9KwMkjD2qAMG8PWsDPsDdpwMBjDl+Hb8GM4Gk6Gs+FiuBpuhrvhYXgaXoa3+YBSKinVlFpKPaWR0kxppbRTOindlF5KP2WQMkwZpYxTJinTlFnKPGWRskxZpciUdYpK2aRsU3Yp+xSdckgxKV8p3yk/KceUU8o55ZJyTbml3FMeKc+UV8o7/YAyKhnVjFpGPaOR0cxoZbQzOhndjF5GP2OQMcwYZYwzJhnTjFnGPGORscxYZciMdYbK2GRsM3YZ+wydccgwGV8Z3xk/GceMU8Y545Jxzbhl3DMeGc+MV8Y7+4ByKjnVnFpOPaeR08xp5bRzOjndnF5OP2eQM8wZ5YxzJjnTnFnOPGeRs8xZ5cicdY7K2eRsc3Y5+xydc8gxOV853zk/OcecU84555Jzzbnl3HMeOc+cV847/4AKKgXVglpBvaBR0CxoFbQLOgXdgl5Bv2BQMCwYFYwLJgXTglnBvGBRsCxYFciCdYEq2BRsC3YF+wJdcCgwBV8F3wU/BceCU8G54FJwLbgV3AseBc+CV8G7+IBKKiXVklpJvaRR0ixplbRLOiXdkl5Jv2RQMiwZlYxLJiXTklnJvGRRsixZlciSdYkq2ZRsS3Yl+xJdcigxJV8l3yU/JceSU8m55FJyLbmV3EseJc+SV8m75Nff/i7+p/oL9Bfo/w70b0h/a6et9Qz2AAAAAElFTkSuQmCC";

/** The text the demo's streamed response spells out, delta by delta. */
export const DEMO_TEXT = "今天的热点集中在开源多模态模型：权重与评测全部公开，社区复现确认它已追平闭源旗舰。";

/** A complete Responses stream (created → deltas → completed) spelling out `text`. */
export function demoStreamEvents(text: string = DEMO_TEXT, model = "gpt-5.2"): unknown[] {
  const id = "resp_demo0001";
  const itemId = "msg_demo0001";
  const created = Math.floor(Date.now() / 1000);
  const base = { id, object: "response", created_at: created, model, error: null, incomplete_details: null, instructions: null, tools: [], parallel_tool_calls: true, metadata: {}, tool_choice: "auto", temperature: 1, top_p: 1 };
  const message = (status: string, content: unknown[]) => ({ id: itemId, type: "message", role: "assistant", status, content });
  const part = (t: string) => ({ type: "output_text", text: t, annotations: [], logprobs: [] });
  const chunks = [...text].reduce<string[]>((acc, ch, i) => (i % 4 === 0 ? acc.push(ch) : (acc[acc.length - 1] += ch), acc), []);
  let seq = 0;
  const events: unknown[] = [
    { type: "response.created", sequence_number: seq++, response: { ...base, status: "in_progress", output: [] } },
    { type: "response.in_progress", sequence_number: seq++, response: { ...base, status: "in_progress", output: [] } },
    { type: "response.output_item.added", sequence_number: seq++, output_index: 0, item: message("in_progress", []) },
    { type: "response.content_part.added", sequence_number: seq++, item_id: itemId, output_index: 0, content_index: 0, part: part("") },
  ];
  for (const delta of chunks) {
    events.push({ type: "response.output_text.delta", sequence_number: seq++, item_id: itemId, output_index: 0, content_index: 0, delta, logprobs: [] });
  }
  events.push(
    { type: "response.output_text.done", sequence_number: seq++, item_id: itemId, output_index: 0, content_index: 0, text, logprobs: [] },
    { type: "response.content_part.done", sequence_number: seq++, item_id: itemId, output_index: 0, content_index: 0, part: part(text) },
    { type: "response.output_item.done", sequence_number: seq++, output_index: 0, item: message("completed", [part(text)]) },
    {
      type: "response.completed",
      sequence_number: seq++,
      response: {
        ...base,
        status: "completed",
        output: [message("completed", [part(text)])],
        usage: { input_tokens: 18, input_tokens_details: { cached_tokens: 0 }, output_tokens: 42, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 60 },
      },
    },
  );
  return events;
}
