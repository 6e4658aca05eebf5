// The benchmarks serve a route's loader from a bare node:http server: this copies its Response (an SSE stream) out.
import type { ServerResponse } from "node:http";

/** Writes the status, headers and body of `response` to `res` as they come, then ends it; `written` after each chunk. */
export async function pipeResponse(response: Response, res: ServerResponse, written?: () => void) {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.flushHeaders();
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
    written?.();
  }
  res.end();
}
