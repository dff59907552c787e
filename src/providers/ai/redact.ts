/**
 * Secrets never reach a report, trace, log or error message. Provider errors are redacted before
 * they leave the adapter: the key's value (and any bearer token or key-shaped string) is masked.
 */

const KEY_SHAPES = [
  /\b(sk|xai|pk|rk)-[A-Za-z0-9_-]{12,}\b/g,
  /\bAIza[0-9A-Za-z_-]{20,}\b/g,
  /(Bearer\s+)[A-Za-z0-9._~+/-]{8,}=*/gi,
  /((?:api[_-]?key|x-api-key|x-goog-api-key|authorization)["'\s:=]+)[^\s"',}]{6,}/gi,
];

export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  for (const re of KEY_SHAPES) {
    out = out.replace(re, (_m, prefix: unknown) =>
      typeof prefix === 'string' && /\s|:|=|"|'/.test(prefix) ? `${prefix}[redacted]` : '[redacted]',
    );
  }
  return out;
}
