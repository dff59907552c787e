/** The `stale-tools` fault in a golden: what parses, what is refused, and where (file:line:col, exit 2). */
import { describe, expect, it } from 'vitest';
import { checkGolden } from '../../src/formats/load.js';
import { bench, edit, lineOf, MINI, tempDir, write } from './helpers.js';

const faults = (lines: string) => edit(MINI, 'faults:\n', `faults:\n${lines}`);

describe('stale-tools faults in a golden', () => {
  it('parses status, message and both refresh triggers', () => {
    const r = checkGolden(
      write(
        tempDir(),
        'golden.yaml',
        faults(
          '  - {id: st, kind: stale-tools, status: 503, message: down, refreshAfter: 5m, refreshAfterCalls: 4, match: {api: [prom.query]}}\n',
        ),
      ),
    );
    expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(r.value?.faults[0]).toMatchObject({
      kind: 'stale-tools',
      status: 503,
      message: 'down',
      refreshAfter: '5m',
      refreshAfterCalls: 4,
    });
  });

  it('refuses a non-5xx status, a bad duration, a count of 0 and another kind’s field, each by path', () => {
    const r = checkGolden(
      write(
        tempDir(),
        'golden.yaml',
        faults(
          [
            '  - {id: a, kind: stale-tools, status: 401}',
            '  - {id: b, kind: stale-tools, refreshAfter: soon}',
            '  - {id: c, kind: stale-tools, refreshAfterCalls: 0}',
            '  - {id: d, kind: stale-tools, shape: empty-object}',
            '',
          ].join('\n'),
        ),
      ),
    );
    const paths = r.issues.filter((i) => i.severity === 'error').map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'faults.0.status',
        'faults.1.refreshAfter',
        'faults.2.refreshAfterCalls',
        'faults.3.shape',
      ]),
    );
  });

  it('allows one catalog per golden: a second stale-tools fault is an error at its kind', () => {
    const r = checkGolden(
      write(
        tempDir(),
        'golden.yaml',
        faults('  - {id: a, kind: stale-tools}\n  - {id: b, kind: stale-tools, refreshAfterCalls: 2}\n'),
      ),
    );
    const e = r.issues.find((i) => i.path === 'faults.1.kind');
    expect(e?.message).toBe('a golden has one tool catalog: stale-tools is already faults[0]');
  });

  it('bench validate exits 2 naming file:line:col and the field', () => {
    const dir = tempDir();
    const text = faults('  - {id: st, kind: stale-tools, refreshAfterCalls: -3}\n');
    write(dir, 'goldens/mini/golden.yaml', text);
    const r = bench(['validate', 'goldens'], dir);
    expect(r.status).toBe(2);
    const line = lineOf(text, 'refreshAfterCalls: -3');
    expect(r.stdout).toMatch(
      new RegExp(`goldens/mini/golden\\.yaml:${line}:\\d+: faults\\.0\\.refreshAfterCalls: `),
    );
  });
});
