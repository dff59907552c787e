/**
 * A server's fault during capture (an HTTP error, a 200 with `status: error`, an unreachable URL):
 * exit 1, never 3, since nothing in the bench broke. The URL is shown with secrets masked.
 */
import { BenchError, redact } from '../errors.js';

export class CaptureServerError extends BenchError {
  constructor(url: string, detail: string, secrets: readonly (string | undefined)[]) {
    super('E_CAPTURE_SERVER', redact(`capture: ${url}: ${detail}`, secrets), 1);
  }
}
