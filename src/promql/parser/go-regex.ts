/**
 * RE2 (Go) regex syntax → JavaScript. Prometheus matchers are RE2; JS lacks inline flag groups
 * (`(?i)`, `(?i:...)`) and `(?P<name>...)`, so those are rewritten: case-insensitive letters become
 * `[aA]` classes. Everything else is passed through, since the common syntax is shared.
 */
/** RE2's POSIX classes as JS character-class bodies (shared with LogQL's regex translation). */
export const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

const cache = new Map<string, string>();

function bothCases(c: string): string {
  const l = c.toLowerCase();
  const u = c.toUpperCase();
  return l === u ? c : `${l}${u}`;
}

export function goRegexToJs(p: string): string {
  const hit = cache.get(p);
  if (hit !== undefined) return hit;
  if (!/\(\?|\[:|\\z|\\Q/.test(p)) {
    cache.set(p, p);
    return p;
  }
  let out = '';
  const stack: boolean[] = [false];
  let ci = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') {
      const n = p[i + 1] ?? '';
      if (n === 'z') out += '$';
      else if (ci && /[a-zA-Z]/.test(n) && !/[dDwWsSbBpPxnrtfv0-9]/.test(n)) out += `[${bothCases(n)}]`;
      else out += c + n;
      i++;
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      let cls = '[';
      if (p[j] === '^') cls += p[j++];
      if (p[j] === ']') cls += `\\${p[j++]}`;
      for (; j < p.length && p[j] !== ']'; j++) {
        const posix = /^\[:(\^?)([a-z]+):\]/.exec(p.slice(j));
        if (posix && POSIX[posix[2]] && !posix[1]) {
          cls += POSIX[posix[2]];
          j += posix[0].length - 1;
          continue;
        }
        if (p[j] === '\\') {
          cls += p[j] + (p[j + 1] ?? '');
          j++;
          continue;
        }
        if (p[j] === '[') cls += '\\[';
        else if (ci && /[a-zA-Z]/.test(p[j])) {
          if (p[j + 1] === '-' && /[a-zA-Z]/.test(p[j + 2] ?? '')) {
            cls += `${p[j].toLowerCase()}-${p[j + 2].toLowerCase()}${p[j].toUpperCase()}-${p[j + 2].toUpperCase()}`;
            j += 2;
          } else cls += bothCases(p[j]);
        } else cls += p[j];
      }
      out += `${cls}]`;
      i = j;
      continue;
    }
    if (c === '(') {
      const flags = /^\(\?([imsU-]*)(\)|:)/.exec(p.slice(i));
      if (flags) {
        const on = flags[1].split('-')[0].includes('i');
        const off = (flags[1].split('-')[1] ?? '').includes('i');
        const next: boolean = on ? true : off ? false : ci;
        if (flags[2] === ')') ci = next;
        else {
          stack.push(ci);
          ci = next;
          out += '(?:';
        }
        i += flags[0].length - 1;
        continue;
      }
      if (p.startsWith('(?P<', i)) {
        out += '(?<';
        i += 3;
      } else out += c;
      stack.push(ci);
      continue;
    }
    if (c === ')') {
      ci = stack.pop() ?? false;
      out += c;
      continue;
    }
    out += ci && /[a-zA-Z]/.test(c) ? `[${bothCases(c)}]` : c;
  }
  cache.set(p, out);
  return out;
}
