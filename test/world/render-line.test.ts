/** The compiled line renderer (line.ts) must write exactly the reference bytes (format.ts). */
import { describe, expect, it } from 'vitest';
import { type FieldValue, hexDigits } from '../../src/world/generate/fields.js';
import { fillTemplate, type LogFormat, renderLine } from '../../src/world/generate/format.js';
import { compileLine } from '../../src/world/generate/line.js';
import { LogStore } from '../../src/world/log-store.js';
import { rngFor } from '../../src/world/rng.js';

function reference(
  format: LogFormat,
  t: number,
  level: string,
  text: string,
  names: string[],
  vs: FieldValue[],
) {
  const values: Record<string, FieldValue> = {};
  names.forEach((n, i) => {
    values[n] = vs[i];
  });
  return renderLine(format, t, level, names.length ? fillTemplate(text, values) : text, values);
}

const T = Date.parse('2026-03-14T13:00:01.234Z');
const CASES: { text: string; names: string[]; vs: FieldValue[] }[] = [
  { text: 'request served', names: [], vs: [] },
  { text: 'no {fields} here', names: [], vs: [] },
  { text: 'took {took} for {path}', names: ['path', 'took', 'status'], vs: ['/v1/x', '1.52s', 200] },
  { text: 'err: {err} {missing} {constructor} {toString}', names: ['err'], vs: ['connection reset by peer'] },
  { text: 'q {a.b} {a}', names: ['a.b', 'a'], vs: ['x y', ''] },
  { text: 'odd {v}', names: ['v', 'w', 'q'], vs: ['say "hi"', 'a=b', 'back\\slash'] },
  { text: 'unicode {v}', names: ['v', 'nb'], vs: ['tab\there', 'non\u00a0breaking'] },
  { text: 'ctl {v}', names: ['v'], vs: ['bell\u0007'] },
  { text: 'nums {n}', names: ['n', 'f', 'b', 'nan', 'negz'], vs: [-3, 1.5e-7, true, Number.NaN, -0] },
  { text: 'missing {u}', names: ['u'], vs: [undefined as unknown as FieldValue] },
  { text: 'reserved {ts} {level}', names: ['ts', 'level', 'msg'], vs: ['a', 'b', 'c'] },
  { text: 'integer keys {1}', names: ['b', '1', '0'], vs: ['x', 'y', 'z'] },
  { text: 'proto {__proto__}', names: ['__proto__', 'k'], vs: ['p', 'v'] },
];

describe('compiled log lines', () => {
  for (const format of ['logfmt', 'json', 'plain'] as const) {
    it(`${format}: same bytes as renderLine for every edge case`, () => {
      for (const c of CASES) {
        for (const t of [T, T - 234, T + 765, -1, 0, 1.5, Date.parse('1969-12-31T23:59:59.999Z')]) {
          for (const level of ['info', 'warn level', '']) {
            const render = compileLine(format, level, c.text, c.names);
            expect(render(t, c.vs)).toBe(reference(format, t, level, c.text, c.names, c.vs));
          }
        }
      }
    });
  }

  it('draws the same hex digits as Rng.hex', () => {
    for (const len of [0, 1, 7, 8, 9, 12, 32, 33]) {
      const a = rngFor(5, 'k');
      const b = rngFor(5, 'k');
      expect(hexDigits(a, len)).toBe(b.hex(len));
      expect(a.next()).toBe(b.next());
    }
  });
});

describe('LogStore', () => {
  it('keeps equal times in push order and hands out streams later pushes do not change', () => {
    const store = new LogStore();
    const labels = { app: 'a' };
    store.push(labels, 20, 'b');
    store.push(labels, 10, 'a');
    store.push(labels, 20, 'c');
    store.push({ app: 'a' }, 10, 'a2');
    const first = store.all();
    expect(first[0].entries.map((e) => e.line)).toEqual(['a', 'a2', 'b', 'c']);
    store.push(labels, 5, 'z');
    expect(first[0].entries.map((e) => e.line)).toEqual(['a', 'a2', 'b', 'c']);
    expect(store.all()[0].entries.map((e) => e.line)).toEqual(['z', 'a', 'a2', 'b', 'c']);
  });
});
