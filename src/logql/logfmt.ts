/**
 * logfmt decoding as go-logfmt reads it. Non-strict mode skips a malformed token and goes on;
 * strict mode stops at the first malformed token and reports it (Loki's `--strict`).
 */

export interface LogfmtResult {
  pairs: [string, string][];
  error?: string;
}

const isSpace = (c: string) => c <= ' ';

export function decodeLogfmt(line: string, strict: boolean): LogfmtResult {
  const pairs: [string, string][] = [];
  let i = 0;
  const n = line.length;
  let error: string | undefined;
  const fail = (msg: string): boolean => {
    error ??= `logfmt syntax error at pos ${i + 1} : ${msg}`;
    if (strict) return false;
    while (i < n && !isSpace(line[i])) i++;
    return true;
  };
  while (i < n) {
    while (i < n && isSpace(line[i])) i++;
    if (i >= n) break;
    const ks = i;
    while (i < n && !isSpace(line[i]) && line[i] !== '=' && line[i] !== '"') i++;
    const key = line.slice(ks, i);
    if (i < n && line[i] === '"') {
      if (!fail("unexpected '\"'")) break;
      continue;
    }
    if (key === '') {
      if (!fail("unexpected '='")) break;
      continue;
    }
    if (i >= n || line[i] !== '=') {
      pairs.push([key, '']);
      continue;
    }
    i++;
    if (i < n && line[i] === '"') {
      let j = i + 1;
      let esc = false;
      while (j < n && line[j] !== '"') {
        if (line[j] === '\\') {
          esc = true;
          j++;
        }
        j++;
      }
      if (j >= n) {
        i = n;
        if (!fail('unterminated quoted value')) break;
        continue;
      }
      const body = line.slice(i + 1, j);
      let v = body;
      if (esc) {
        try {
          v = JSON.parse(`"${body}"`) as string;
        } catch {
          i = j + 1;
          if (!fail('invalid quoted value')) break;
          continue;
        }
      }
      i = j + 1;
      pairs.push([key, v]);
      continue;
    }
    const vs = i;
    while (i < n && !isSpace(line[i]) && line[i] !== '=' && line[i] !== '"') i++;
    if (i < n && !isSpace(line[i])) {
      if (!fail(`unexpected '${line[i]}'`)) break;
      continue;
    }
    pairs.push([key, line.slice(vs, i)]);
  }
  return { pairs, error };
}
