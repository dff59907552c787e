/**
 * One GET against Prometheus or Loki: the bounded request (request.ts), the `{status, data}`
 * envelope, and `data` checked against the API's shape (wire.ts). A server's own failure is a
 * CaptureServerError (exit 1); an answer the capture cannot take a CaptureAnswerError (exit 2).
 */
import type { z } from 'zod';
import { boundedGet } from './request.js';
import { CaptureAnswerError, CaptureServerError } from './server-error.js';
import type { CaptureOptions } from './types.js';
import { checkData } from './wire.js';

export async function getData<T extends z.ZodType>(
  o: Pick<CaptureOptions, 'auth' | 'net'>,
  base: string,
  path: string,
  params: Record<string, string>,
  schema: T,
  extraHeaders: Record<string, string> = {},
): Promise<z.output<T>> {
  const url = `${base.replace(/\/+$/, '')}${path}?${new URLSearchParams(params)}`;
  const secrets = [o.auth.header, o.auth.header?.replace(/^\S+\s+/, '')];
  const headers: Record<string, string> = { ...extraHeaders, accept: 'application/json' };
  if (o.auth.header) headers.authorization = o.auth.header;
  const res = await boundedGet(url, headers, o.net, secrets);
  let body: { status?: string; data?: unknown; error?: string; errorType?: string } | undefined;
  try {
    body = JSON.parse(res.text);
  } catch {
    body = undefined;
  }
  if (res.status < 200 || res.status > 299) {
    const why = body?.error ?? res.text.slice(0, 300).trim();
    throw new CaptureServerError(url, `HTTP ${res.status}${why ? `: ${why}` : ''}`, secrets);
  }
  if (!body || typeof body !== 'object') throw new CaptureAnswerError(url, 'the answer is not JSON', secrets);
  if (body.status !== 'success') {
    const why = `${body.errorType ?? 'error'}: ${body.error ?? 'no message'}`;
    throw new CaptureServerError(url, `status ${body.status ?? 'missing'} (${why})`, secrets);
  }
  const checked = checkData(schema, body);
  if (!checked.ok)
    throw new CaptureAnswerError(url, `the answer is not of the API's shape: ${checked.problem}`, secrets);
  return checked.data;
}
