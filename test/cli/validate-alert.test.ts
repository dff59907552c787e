/**
 * `alert.activeAt` held against the alerting rule the backend evaluates (backend/prometheus/alert-rule.ts):
 * the rule's first activation on its `interval` grid must be activeAt (error at the activeAt line),
 * and an alert still pending at time.now (`for` too long) is a warning at `for`.
 */
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { edit, lineOf, MINI, tempDir, write } from '../formats/helpers.js';

async function issues(text: string) {
  const report = await validate([write(tempDir(), 'g/golden.yaml', text)], { ceiling: false });
  return report.goldens[0].issues.filter((i) => i.path?.startsWith('alert'));
}

describe('validate: activeAt against the evaluated rule', () => {
  it('accepts the mini golden: its rule first becomes active at 1h04m', async () => {
    expect(await issues(MINI)).toEqual([]);
  });

  it('refuses an activeAt after the first activation, at the evaluation interval', async () => {
    // Every 15s, the rule is active from 1h04m: 1h04m15s is one evaluation late.
    const text = edit(MINI, 'activeAt: 1h04m', 'activeAt: 1h04m15s\n  interval: 15s');
    expect(await issues(text)).toEqual([
      expect.objectContaining({
        severity: 'error',
        path: 'alert.activeAt',
        line: lineOf(text, 'activeAt: 1h04m15s'),
        message: expect.stringMatching(
          /evaluated every 15s\) first becomes active at 2026-03-14T14:04:00\.000Z, before alert\.activeAt/,
        ),
      }),
    ]);
  });

  it('warns at `for` when the alert is still pending at time.now', async () => {
    const text = edit(MINI, 'activeAt: 1h04m', 'activeAt: 1h04m\n  for: 1h');
    expect(await issues(text)).toEqual([
      expect.objectContaining({ severity: 'warning', path: 'alert.for', line: lineOf(text, 'for: 1h') }),
    ]);
  });

  it('warns at `prompt` when the alert has resolved by time.now and the prompt does not say so', async () => {
    // The 500s stop at about 1h29m: the 5m rate is 0 from about 1h34m, before now (1h40m).
    const text = edit(MINI, '600+30x224', '600+30x100 3600x123');
    const [issue, ...rest] = (
      await validate([write(tempDir(), 'g/golden.yaml', text)], { ceiling: false })
    ).goldens[0].issues.filter((i) => i.path === 'prompt');
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ severity: 'warning', line: lineOf(text, 'prompt:') });
    expect(issue.message).toMatch(/^the alert resolved at 2026-03-14T14:3\d:\d\d\.000Z, before time\.now/);
    const said = edit(text, 'Investigate.', 'The alert resolved at 14:34. Investigate.');
    const after = await validate([write(tempDir(), 'g/golden.yaml', said)], { ceiling: false });
    expect(after.goldens[0].issues.filter((i) => i.path === 'prompt')).toEqual([]);
  });
});
