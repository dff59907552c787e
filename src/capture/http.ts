/** One GET against Prometheus or Loki: JSON `{status, data}` or a CaptureServerError naming the URL. */

import { CaptureServerError } from './server-error.js';
import type { Auth } from './types.js';

export async function getData(
  base: string,
  path: string,
  params: Record<string, string>,
  auth: Auth,
): Promise<unknown> {
  const url = `${base.replace(/\/+$/, '')}${path}?${new URLSearchParams(params)}`;
  const secrets = [auth.header, auth.header?.replace(/^\S+\s+/, '')];
  const headers: Record<string, string> = { accept: 'application/json' };
  if (auth.header) headers.authorization = auth.header;
  let res: Response;
  try {
    res = await fetch(url, { headers });
  } catch (e) {
    const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : '';
    throw new CaptureServerError(
      url,
      `unreachable (${e instanceof Error ? e.message : String(e)}${cause})`,
      secrets,
    );
  }
  const text = await res.text();
  let body: { status?: string; data?: unknown; error?: string; errorType?: string } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const why = body?.error ?? text.slice(0, 300).trim();
    throw new CaptureServerError(url, `HTTP ${res.status}${why ? `: ${why}` : ''}`, secrets);
  }
  if (!body || typeof body !== 'object') throw new CaptureServerError(url, 'answer is not JSON', secrets);
  if (body.status !== 'success') {
    const why = `${body.errorType ?? 'error'}: ${body.error ?? 'no message'}`;
    throw new CaptureServerError(url, `status ${body.status ?? 'missing'} (${why})`, secrets);
  }
  return body.data;
}
