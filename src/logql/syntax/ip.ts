/**
 * `ip("...")` matching, as Loki's pkg/logql/log/ip.go does it: the pattern is one address, a CIDR
 * prefix (`192.168.0.0/16`, `2001:db8::/32`) or an inclusive range (`10.0.0.1-10.0.0.9`);
 * addresses are read as Go's netip.ParseAddr reads them (IPv4 octets without leading zeros, IPv6
 * with `::`), and an IPv4 address never equals an IPv6 one.
 */
import { semanticError } from './syntax-error.js';

export interface Addr {
  v6: boolean;
  n: bigint;
}

function parseV4(s: string): bigint | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(p);
  }
  return n;
}

function parseV6(s: string): bigint | null {
  let tail: bigint | null = null;
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    tail = parseV4(s.slice(lastColon + 1));
    if (tail === null) return null;
    s = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  let n = 0n;
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    n = (n << 16n) | BigInt(`0x${g}`);
  }
  return tail === null ? n : (n & ~0xffffffffn) | tail;
}

export function parseAddr(s: string): Addr | null {
  if (s.includes(':')) {
    const n = parseV6(s);
    return n === null ? null : { v6: true, n };
  }
  const n = parseV4(s);
  return n === null ? null : { v6: false, n };
}

/**
 * The pattern as a predicate over addresses, tried as ip.go's getMatcher does: one address
 * (netip.ParseAddr), then a prefix (netip.ParsePrefix: decimal bits, no leading zero), then a
 * range `from-to` of one family with from <= to (netipx.ParseIPRange). Anything else fails the
 * query with Loki's `ip: invalid pattern: "<pattern>"`.
 */
export function ipMatcher(pattern: string): (a: Addr) => boolean {
  const one = parseAddr(pattern);
  if (one) return (a) => a.v6 === one.v6 && a.n === one.n;
  const slash = pattern.indexOf('/');
  if (slash >= 0) {
    const base = parseAddr(pattern.slice(0, slash));
    const bits = pattern.slice(slash + 1);
    const width = base?.v6 ? 128 : 32;
    if (base && /^(0|[1-9]\d{0,2})$/.test(bits) && Number(bits) <= width) {
      const shift = BigInt(width - Number(bits));
      const net = base.n >> shift;
      return (a) => a.v6 === base.v6 && a.n >> shift === net;
    }
  }
  const dash = pattern.indexOf('-');
  if (dash >= 0) {
    const lo = parseAddr(pattern.slice(0, dash));
    const hi = parseAddr(pattern.slice(dash + 1));
    if (lo && hi && lo.v6 === hi.v6 && lo.n <= hi.n)
      return (a) => a.v6 === lo.v6 && a.n >= lo.n && a.n <= hi.n;
  }
  throw semanticError(`ip: invalid pattern: ${JSON.stringify(pattern)}`);
}

const DIGIT = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const HEX = (c: string | undefined) =>
  DIGIT(c) || (c !== undefined && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
const V4_CHARS = /[0-9.]*/y;
const V6_CHARS = /[0-9a-fA-F:.]*/y;

/**
 * ip.go's ipFilter.filter, used for line filters and (on the label's value) for label filters:
 * walk the text; where four characters look like the start of an IPv4 address (a digit, then a
 * `.` within three) or five like IPv6 (`::h`, or one to four hex digits then `:`), take the longest
 * run of that family's characters and parse it; a run that is no match is skipped whole. As in
 * Loki, a candidate needs four (IPv4) or five (IPv6) characters from its start to the end of the
 * text, so a bare `::1` value is never found.
 */
export function textHasIp(match: (a: Addr) => boolean, s: string): boolean {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    let chars: RegExp | undefined;
    if (i + 3 < n && DIGIT(s[i]) && (s[i + 1] === '.' || s[i + 2] === '.' || s[i + 3] === '.'))
      chars = V4_CHARS;
    else if (i + 4 < n && v6Hint(s, i)) chars = V6_CHARS;
    if (!chars) continue;
    chars.lastIndex = i;
    const run = chars.exec(s)?.[0] ?? '';
    const a = parseAddr(run);
    if (a && match(a)) return true;
    i += run.length;
  }
  return false;
}

function v6Hint(s: string, i: number): boolean {
  if (s[i] === ':' && s[i + 1] === ':' && HEX(s[i + 2])) return true;
  for (let k = 1; k <= 4; k++) {
    if (!HEX(s[i + k - 1])) return false;
    if (s[i + k] === ':') return true;
  }
  return false;
}
