/**
 * Grafana's time arguments: `now`, `now-1h`, `now+5m`, epoch milliseconds, or RFC3339. "now" is
 * whatever the caller says it is: the golden's now on a plain server, the wall clock on a shifted
 * one. Returns undefined for anything else (the caller words the error).
 */
import { parseDuration } from '../../formats/time.js';

export function grafanaTime(s: string | number | undefined, nowMs: number, def: number): number | undefined {
  if (s === undefined || s === '') return def;
  if (typeof s === 'number') return Number.isFinite(s) ? s : undefined;
  const t = s.trim();
  if (t === 'now') return nowMs;
  const rel = /^now([+-])(.+)$/.exec(t);
  if (rel) {
    const d = parseDuration(rel[2]);
    return d === undefined ? undefined : rel[1] === '-' ? nowMs - d : nowMs + d;
  }
  if (/^\d+$/.test(t)) return Number(t);
  const ms = Date.parse(t);
  return /^\d{4}-\d{2}-\d{2}T/.test(t) && Number.isFinite(ms) ? ms : undefined;
}
