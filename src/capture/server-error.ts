/**
 * The two ways a server fails a capture, each naming the URL with secrets masked, never exit 3
 * (nothing in the bench broke):
 * - `CaptureServerError` (exit 1): the server's fault as it says so: unreachable, an HTTP error, a
 *   200 with `status: error`, a connection dropped mid-answer.
 * - `CaptureAnswerError` (exit 2): an answer the capture cannot take, like a size cap reached: no
 *   answer within a timeout, a body over `--max-response-bytes` (inflated or not), not JSON, or
 *   JSON not of the API's shape (`data: null`, a timestamp that is no number). The message says
 *   which flag to change or which field was wrong.
 */
import { BenchError, redact } from '../errors.js';

export class CaptureServerError extends BenchError {
  constructor(url: string, detail: string, secrets: readonly (string | undefined)[]) {
    super('E_CAPTURE_SERVER', redact(`capture: ${url}: ${detail}`, secrets), 1);
  }
}

export class CaptureAnswerError extends BenchError {
  constructor(url: string, detail: string, secrets: readonly (string | undefined)[]) {
    super('E_CAPTURE_ANSWER', redact(`capture: ${url}: ${detail}`, secrets), 2);
  }
}
