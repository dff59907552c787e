/**
 * OTLP/HTTP for `bench export otlp --endpoint`: one POST of an ExportTraceServiceRequest as JSON
 * (`Content-Type: application/json`) to `<endpoint>/v1/traces`, retried as the OTLP spec says —
 * 429, 502, 503 and 504, and a connection that failed, are transient (a `Retry-After` header is
 * honoured, else exponential backoff); any other status is final. The endpoint's fault, unreachable
 * included, is an OtlpEndpointError naming the URL: exit 1, as a capture server's fault is, since
 * nothing in the bench broke.
 */
import { BenchError, InputError, redact } from '../../errors.js';

export class OtlpEndpointError extends BenchError {
  constructor(url: string, detail: string, secrets: readonly string[]) {
    super('E_OTLP_ENDPOINT', redact(`export otlp: ${url}: ${detail}`, secrets), 1);
  }
}

const RETRYABLE = new Set([429, 502, 503, 504]);
/** Waits before attempts 2, 3 and 4 when the server names none: short, since a person is waiting. */
const BACKOFF_MS = [250, 500, 1000];
/** A `Retry-After` longer than this is cut to it. */
const MAX_WAIT_MS = 30_000;
const TIMEOUT_MS = 10_000;

/**
 * The traces URL of `--endpoint`: a base URL gets `/v1/traces` appended to its path (as
 * OTEL_EXPORTER_OTLP_ENDPOINT does); a URL whose path already ends in `/v1/traces` is used as is.
 */
export function tracesUrl(endpoint: string): string {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    // a URL with an @ may hold credentials: not echoed
    const shown = endpoint.includes('@') ? '(not printed: it has an @)' : redact(endpoint);
    throw new InputError(`--endpoint ${shown}: not a URL (e.g. http://127.0.0.1:4318)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new InputError(`--endpoint ${redact(endpoint)}: OTLP/HTTP needs an http or https URL`);
  // fetch refuses a URL with credentials (user:token@host), which the retries would then report as
  // unreachable, four times; said at once, without them, and pointed at --header
  if (u.username || u.password) {
    u.username = '';
    u.password = '';
    throw new InputError(
      `--endpoint ${u.toString()}: credentials in the URL (user:password@) are not sent; give them with --header, e.g. --header "authorization=Basic ..."`,
    );
  }
  if (!/\/v1\/traces\/?$/.test(u.pathname)) u.pathname = `${u.pathname.replace(/\/+$/, '')}/v1/traces`;
  return u.toString();
}

/** `Retry-After` as delay-seconds or an HTTP date, in ms; undefined when absent or unreadable. */
function retryAfterMs(h: string | null): number | undefined {
  if (h === null || h.trim() === '') return undefined;
  if (/^\d+$/.test(h.trim())) return Number(h.trim()) * 1000;
  const at = Date.parse(h);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface PostResult {
  /** Spans the receiver said it rejected (ExportTraceServiceResponse.partialSuccess). */
  rejectedSpans: number;
  message?: string;
  attempts: number;
}

function partialSuccess(text: string): { rejectedSpans: number; message?: string } {
  try {
    const p = JSON.parse(text)?.partialSuccess;
    const rejected = Number(p?.rejectedSpans ?? 0);
    return { rejectedSpans: Number.isFinite(rejected) ? rejected : 0, message: p?.errorMessage || undefined };
  } catch {
    return { rejectedSpans: 0 };
  }
}

export async function postTraces(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<PostResult> {
  // a header's value and its parts (`Bearer <token>`: an answer may echo the token alone)
  const secrets = Object.values(headers).flatMap((v) => [v, ...v.split(/\s+/).filter((p) => p.length >= 8)]);
  let last = '';
  for (let attempt = 1; ; attempt++) {
    let wait: number | undefined;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await res.text();
      if (res.ok) {
        const p = partialSuccess(text);
        // the receiver's message is printed: masked as an error's is
        return { ...p, message: p.message && redact(p.message, secrets), attempts: attempt };
      }
      last = `HTTP ${res.status}${text.trim() ? `: ${text.trim().slice(0, 300)}` : ''}`;
      if (!RETRYABLE.has(res.status)) throw new OtlpEndpointError(url, last, secrets);
      wait = retryAfterMs(res.headers.get('retry-after'));
    } catch (e) {
      if (e instanceof OtlpEndpointError) throw e;
      const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : '';
      last = `unreachable (${e instanceof Error ? e.message : String(e)}${cause})`;
    }
    if (attempt > BACKOFF_MS.length)
      throw new OtlpEndpointError(url, `${last} (gave up after ${attempt} attempts)`, secrets);
    await sleep(Math.min(wait ?? BACKOFF_MS[attempt - 1], MAX_WAIT_MS));
  }
}
