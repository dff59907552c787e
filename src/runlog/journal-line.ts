/**
 * One journal line: `{"id":…,"record":…,"sum":"<16 hex>"}`, where `sum` is the first 64 bits of the
 * sha256 of the same line without its `sum` field (`{"id":…,"record":…}`, bytes as written). A line
 * cut short, or changed by a byte, no longer verifies, so it is recognised instead of being read as
 * some other record or silently skipped.
 */
import { createHash } from 'node:crypto';
import type { TrialRecord } from '../scoring/index.js';

const TAIL = /^,"sum":"([0-9a-f]{16})"\}$/;
const TAIL_LENGTH = ',"sum":"'.length + 16 + '"}'.length;

const sumOf = (body: string): string => createHash('sha256').update(body).digest('hex').slice(0, 16);

export function encodeLine(record: TrialRecord): string {
  const body = JSON.stringify({ id: record.id, record });
  return `${body.slice(0, -1)},"sum":"${sumOf(body)}"}`;
}

/** A whole `{id, record}` line without `sum`: what journals were before they had checksums. */
function looksOld(line: string): boolean {
  try {
    const e = JSON.parse(line) as { id?: unknown; record?: unknown };
    return typeof e.id === 'string' && typeof e.record === 'object';
  } catch {
    return false;
  }
}

export type Decoded = { ok: true; record: TrialRecord } | { ok: false; reason: string };

export function decodeLine(line: string): Decoded {
  const tail = TAIL.exec(line.slice(-TAIL_LENGTH));
  if (!tail)
    return {
      ok: false,
      reason: `no checksum at its end${looksOld(line) ? ' (a line of an older rematch?)' : ''}`,
    };
  const body = `${line.slice(0, -TAIL_LENGTH)}}`;
  if (sumOf(body) !== tail[1]) return { ok: false, reason: 'checksum does not match' };
  let e: { id?: unknown; record?: TrialRecord };
  try {
    e = JSON.parse(body);
  } catch (err) {
    return { ok: false, reason: `not JSON (${(err as Error).message})` };
  }
  if (typeof e.id !== 'string' || typeof e.record !== 'object' || e.record?.id !== e.id)
    return { ok: false, reason: 'not a trial record' };
  return { ok: true, record: e.record };
}

/** The trial id at the start of a (possibly torn) line, when enough of it survived to read. */
export function idOfFragment(fragment: string): string | undefined {
  const m = /^\{"id":("(?:[^"\\]|\\.)*")/.exec(fragment);
  if (!m) return undefined;
  try {
    return JSON.parse(m[1]) as string;
  } catch {
    return undefined;
  }
}
