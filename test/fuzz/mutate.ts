/** A seeded query mutator for fuzzing the HTTP routes: character and token edits of valid queries. */

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOKENS = [
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '"',
  '`',
  ' ',
  '=',
  '!=',
  '=~',
  '!~',
  '|=',
  '|~',
  '|',
  '+',
  '-',
  '*',
  '/',
  '%',
  '^',
  '==',
  '>',
  'bool',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'offset',
  '@',
  'start()',
  'end()',
  'sum',
  'rate',
  'topk',
  'histogram_quantile',
  'label_replace',
  'absent',
  'count_over_time',
  'json',
  'logfmt',
  'unwrap',
  'le',
  '__name__',
  '5m',
  '1s',
  '0s',
  '100y',
  '1ms',
  '[1y:1ms]',
  '0',
  '-1',
  '1e308',
  'NaN',
  'Inf',
  '0x1F',
  '.*',
  '\\',
  '$1',
  '(?P<x>.)',
  '{{.x}}',
  'ʕ•ᴥ•ʔ',
];

/** Apply 1–3 edits to `q`. Deterministic for a given rng state. */
export function mutate(q: string, rnd: () => number): string {
  let out = q;
  const edits = 1 + Math.floor(rnd() * 3);
  for (let e = 0; e < edits; e++) {
    const pos = Math.floor(rnd() * (out.length + 1));
    const tok = TOKENS[Math.floor(rnd() * TOKENS.length)];
    switch (Math.floor(rnd() * 7)) {
      case 0: // delete a character
        out = out.slice(0, pos) + out.slice(pos + 1);
        break;
      case 1: // insert a token
        out = out.slice(0, pos) + tok + out.slice(pos);
        break;
      case 2: {
        // duplicate a slice
        const len = Math.floor(rnd() * 12);
        out = out.slice(0, pos) + out.slice(pos, pos + len) + out.slice(pos);
        break;
      }
      case 3: // truncate
        out = out.slice(0, pos);
        break;
      case 4: // replace a number with an extreme one
        out = out.replace(/\d+(\.\d+)?/, ['0', '1e308', '99999999', '-5', '0.000001'][Math.floor(rnd() * 5)]);
        break;
      case 5: {
        // swap two characters
        const other = Math.floor(rnd() * out.length);
        const a = out.split('');
        [a[pos], a[other]] = [a[other], a[pos]];
        out = a.join('');
        break;
      }
      default: // replace a duration with another
        out = out.replace(/\[\d+[smhdwy]\]/, ['[0s]', '[1y]', '[1ms]', '[100y]'][Math.floor(rnd() * 4)]);
    }
  }
  return out;
}
