/** The limit fault kinds and size matches in the golden schema: what parses, what is refused, and where. */
import { describe, expect, it } from 'vitest';
import { checkGolden } from '../../src/formats/load.js';
import { edit, MINI, tempDir, write } from './helpers.js';

function withFaults(lines: string): ReturnType<typeof checkGolden> {
  return checkGolden(write(tempDir(), 'golden.yaml', edit(MINI, 'faults:\n', `faults:\n${lines}`)));
}

describe('limit faults in a golden', () => {
  it('parses the limit kinds, a series limit with a limit, and the size matches', () => {
    const r = withFaults(
      [
        '  - {id: len, kind: max-query-length, limit: 30m, match: {api: [loki.query_range]}}',
        '  - {id: ent, kind: max-entries, limit: 1000}',
        '  - {id: smp, kind: too-many-samples, limit: 50000000}',
        '  - {id: ser, kind: series-limit, limit: 500}',
        '  - {id: slow, kind: timeout, match: {rangeOver: 6h, stepsOver: 1000, seriesOver: 10, samplesOver: 100000}}',
        '',
      ].join('\n'),
    );
    expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(r.value?.faults.map((f) => f.kind).slice(0, 5)).toEqual([
      'max-query-length',
      'max-entries',
      'too-many-samples',
      'series-limit',
      'timeout',
    ]);
  });

  it('refuses a limit kind without its limit, a field of another kind, and a limit on the wrong server', () => {
    const r = withFaults(
      [
        '  - {id: a, kind: max-query-length}',
        '  - {id: b, kind: max-entries, limit: 10, status: 500}',
        '  - {id: c, kind: too-many-samples, limit: 10, match: {api: [loki.query]}}',
        '',
      ].join('\n'),
    );
    const paths = r.issues.filter((i) => i.severity === 'error').map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['faults.0.limit', 'faults.1.status']));
    // The schema errors stop the rules; the wrong-server rule on its own:
    const c = withFaults('  - {id: c, kind: too-many-samples, limit: 10, match: {api: [loki.query]}}\n');
    const wrong = c.issues.find((i) => i.path === 'faults.0.match.api');
    expect(wrong?.message).toBe(
      'a too-many-samples fault applies only to prometheus APIs, and match.api lists none',
    );
  });
});
