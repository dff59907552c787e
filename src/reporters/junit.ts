/**
 * junit.xml: one testcase per golden × seat × gate set (null baselines excluded: they are meant
 * to fail). A case fails when its mean correctness is below thresholds.junitMinCorrectness or any
 * trial has an honesty failure; a row with no scored trial is skipped. Each golden's ceiling is a
 * testcase of its own (`ceiling`), failing when the reference trial does not pass, so a CI job
 * sees a golden that cannot be passed honestly.
 */
import type { CeilingResult, Scorecard } from '../scoring/index.js';
import { rowKind } from '../scoring/index.js';
import { f2 } from './format.js';
import { fileReporter } from './lifecycle.js';

/** XML 1.0 text/attribute escaping; characters XML cannot carry at all are dropped. */
export function xmlEscape(s: string): string {
  return s
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

export function renderJunit(sc: Scorecard): string {
  const min = sc.run.thresholds.junitMinCorrectness;
  const rows = sc.rows.filter((r) => rowKind(r.seat) === 'seat');
  const cases: string[] = [];
  let failures = 0;
  let skipped = 0;
  for (const r of rows) {
    const name = xmlEscape(`${r.seat} × ${r.gateSet}`);
    const time = (r.wall.p50 / 1000).toFixed(3);
    const open = `    <testcase classname="${xmlEscape(r.golden)}" name="${name}" time="${time}">`;
    const problems: string[] = [];
    if (r.n === 0) {
      skipped++;
      cases.push(
        `${open}\n      <skipped message="no scored trial (${r.unscored} unscored)"/>\n    </testcase>`,
      );
      continue;
    }
    if (r.correctness.mean < min) problems.push(`mean correctness ${f2(r.correctness.mean)} below ${min}`);
    if (r.honestyTrials > 0) problems.push(`${r.honestyTrials} of ${r.n} trials with honesty failures`);
    if (problems.length) {
      failures++;
      const msg = xmlEscape(problems.join('; '));
      cases.push(
        `${open}\n      <failure message="${msg}" type="threshold">${msg}</failure>\n    </testcase>`,
      );
    } else cases.push(`${open}</testcase>`);
  }
  const ceilings = sc.ceilings ?? [];
  for (const c of ceilings) {
    const row = sc.rows.find((r) => r.golden === c.golden && rowKind(r.seat) === 'ceiling');
    const out = ceilingCase(c, ((row?.wall.p50 ?? 0) / 1000).toFixed(3));
    cases.push(out.xml);
    if (out.failed) failures++;
    if (out.skipped) skipped++;
  }
  const tests = rows.length + ceilings.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="rematch" tests="${tests}" failures="${failures}" skipped="${skipped}">`,
    `  <testsuite name="rematch" tests="${tests}" failures="${failures}" skipped="${skipped}" errors="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function ceilingCase(c: CeilingResult, time: string): { xml: string; failed: boolean; skipped: boolean } {
  const open = `    <testcase classname="${xmlEscape(c.golden)}" name="ceiling" time="${time}">`;
  if (c.verdict === 'unscored') {
    const msg = xmlEscape(`ceiling ${c.headline}`);
    return {
      xml: `${open}\n      <skipped message="${msg}"/>\n    </testcase>`,
      failed: false,
      skipped: true,
    };
  }
  if (c.verdict === 'pass') return { xml: `${open}</testcase>`, failed: false, skipped: false };
  const msg = xmlEscape(`the reference trial does not pass: ${c.headline}`);
  const body = xmlEscape([c.headline, ...c.reasons, `trace: ${c.dir}/trace.jsonl`].join('\n'));
  const xml = `${open}\n      <failure message="${msg}" type="ceiling">${body}</failure>\n    </testcase>`;
  return { xml, failed: true, skipped: false };
}

export const junitReporter = fileReporter('junit.xml', renderJunit);
