/** One JUnit testcase element, escaped; and the ceiling's (render.ts assembles the file). */
import type { CeilingResult } from '../../scoring/index.js';

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

export interface JunitCase {
  xml: string;
  failed: boolean;
  skipped: boolean;
}

export interface CaseOutcome {
  failure?: { message: string; type: string; body: string };
  skipped?: string;
  /** system-out: what a passing case measured. */
  out?: string;
}

export function testcase(head: { classname: string; name: string; time: string }, o: CaseOutcome): JunitCase {
  const open = `    <testcase classname="${xmlEscape(head.classname)}" name="${xmlEscape(head.name)}" time="${head.time}">`;
  const inner: string[] = [];
  if (o.skipped) inner.push(`      <skipped message="${xmlEscape(o.skipped)}"/>`);
  if (o.failure)
    inner.push(
      `      <failure message="${xmlEscape(o.failure.message)}" type="${xmlEscape(o.failure.type)}">${xmlEscape(o.failure.body)}</failure>`,
    );
  if (o.out) inner.push(`      <system-out>${xmlEscape(o.out)}</system-out>`);
  const xml = inner.length ? `${open}\n${inner.join('\n')}\n    </testcase>` : `${open}</testcase>`;
  return { xml, failed: Boolean(o.failure), skipped: Boolean(o.skipped) };
}

export function ceilingCase(c: CeilingResult, time: string): JunitCase {
  const head = { classname: c.golden, name: 'ceiling', time };
  if (c.verdict === 'unscored') return testcase(head, { skipped: `ceiling ${c.headline}` });
  if (c.verdict === 'pass') return testcase(head, {});
  return testcase(head, {
    failure: {
      message: `the reference trial does not pass: ${c.headline}`,
      type: 'ceiling',
      body: [c.headline, ...c.reasons, `trace: ${c.dir}/trace.jsonl`].join('\n'),
    },
  });
}
