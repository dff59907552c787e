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

/** The pattern as a predicate over addresses; a malformed pattern fails the query. */
export function ipMatcher(pattern: string): (a: Addr) => boolean {
  const bad = () => semanticError(`ip: invalid pattern: ${JSON.stringify(pattern)}`);
  const dash = pattern.indexOf('-');
  if (dash >= 0) {
    const lo = parseAddr(pattern.slice(0, dash).trim());
    const hi = parseAddr(pattern.slice(dash + 1).trim());
    if (!lo || !hi || lo.v6 !== hi.v6 || lo.n > hi.n) throw bad();
    return (a) => a.v6 === lo.v6 && a.n >= lo.n && a.n <= hi.n;
  }
  const slash = pattern.indexOf('/');
  if (slash >= 0) {
    const base = parseAddr(pattern.slice(0, slash));
    const bits = pattern.slice(slash + 1);
    const width = base?.v6 ? 128 : 32;
    if (!base || !/^\d{1,3}$/.test(bits) || Number(bits) > width) throw bad();
    const shift = BigInt(width - Number(bits));
    const net = base.n >> shift;
    return (a) => a.v6 === base.v6 && a.n >> shift === net;
  }
  const one = parseAddr(pattern);
  if (!one) throw bad();
  return (a) => a.v6 === one.v6 && a.n === one.n;
}

const IP_CHAR = /[0-9a-fA-F:.]+/g;

/**
 * Whether any address-like run of the line (hex digits, `:` and `.`) is an address the pattern
 * matches; a run that does not parse whole is tried without its leading/trailing `:` and `.`
 * (`addr:10.0.0.1` ends its run with the word's hex letters stripped).
 */
export function lineHasIp(match: (a: Addr) => boolean, line: string): boolean {
  IP_CHAR.lastIndex = 0;
  for (let m = IP_CHAR.exec(line); m; m = IP_CHAR.exec(line)) {
    const run = m[0];
    if (!/[.:]/.test(run)) continue;
    for (const cand of candidates(run)) {
      const a = parseAddr(cand);
      if (a && match(a)) return true;
    }
  }
  return false;
}

function candidates(run: string): string[] {
  const out = [run, run.replace(/^[.:]+|[.:]+$/g, '')];
  // `host:10.0.0.1`: the run starts inside a word; try each suffix after a ':'.
  for (let i = run.indexOf(':'); i >= 0; i = run.indexOf(':', i + 1)) out.push(run.slice(i + 1));
  return out;
}
