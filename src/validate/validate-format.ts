/** Renders a ValidationReport for people: one line per golden, failures indented, then a summary. */
import { formatIssue } from '../errors.js';
import type { FileReport, ValidationReport } from './validate.js';
import type { GoldenReport } from './validate-golden.js';

const n = (v: number) => v.toLocaleString('en-US');

export function formatValidation(r: ValidationReport): string {
  const out: string[] = [];
  for (const g of r.goldens) out.push(...golden(g));
  const clean = r.seats.filter((s) => s.valid && !s.issues.length);
  if (clean.length) out.push(`✓ seats  ${clean.map((s) => s.name ?? s.file).join(', ')}`);
  for (const s of r.seats.filter((x) => !clean.includes(x))) out.push(...file(`seat ${s.name ?? s.file}`, s));
  if (r.config) out.push(...file(`config ${r.config.file}`, r.config));
  const { goldens, seats, ceilings, warnings } = r.summary;
  const parts = [`${goldens.ok}/${goldens.ok + goldens.failed} goldens ok`];
  if (ceilings.ok + ceilings.failed)
    parts.push(`ceiling passes on ${ceilings.ok}/${ceilings.ok + ceilings.failed}`);
  const twins = r.goldens.flatMap((g) => g.twins ?? []);
  if (twins.length)
    parts.push(`twin ceilings pass on ${twins.filter((t) => t.ceiling.ok).length}/${twins.length}`);
  if (seats.ok + seats.failed) parts.push(`${seats.ok}/${seats.ok + seats.failed} seats ok`);
  if (r.config) parts.push(`config ${r.config.valid ? 'ok' : 'invalid'}`);
  if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  out.push('', `${r.ok ? 'valid' : 'INVALID'}: ${parts.join(', ')}`);
  return out.join('\n');
}

function golden(g: GoldenReport): string[] {
  const head = [`${g.ok ? '✓' : '✗'} ${g.id ?? g.file}`];
  if (g.world) head.push(`world ${n(g.world.series)} series / ${n(g.world.lines)} lines`);
  if (g.valid)
    head.push(`expect ${g.expect.passed}/${g.expect.total}`, `routes ${g.routes.passed}/${g.routes.total}`);
  // A passing ceiling adds nothing to the line: only a golden that cannot be passed is news.
  if (g.ceiling && !g.ceiling.ok) head.push('ceiling FAIL');
  const twins = g.twins ?? [];
  if (twins.length) head.push(`twins ${twins.filter((t) => t.ceiling.ok).length}/${twins.length}`);
  const lines = [head.join('  ')];
  for (const i of g.issues) lines.push(`    ${formatIssue(i)}`);
  for (const c of g.checks.filter((x) => !x.ok)) {
    lines.push(`    ${c.kind} ${c.name} at ${c.at}: expected ${c.expected}, got ${c.got}`);
    lines.push(`      ${c.query}`);
  }
  if (g.ceiling && !g.ceiling.ok) {
    const c = g.ceiling;
    lines.push(
      `    ${g.file}: error: ceiling: the reference trial ${c.trial} (seed ${c.seed}) does not pass: ${c.headline}; the golden cannot be passed honestly`,
    );
    for (const why of c.reasons) lines.push(`      ${why}`);
    for (const cause of c.causes ?? []) lines.push(`      ${formatIssue(cause)}`);
  }
  for (const { id, ceiling: c } of twins.filter((t) => !t.ceiling.ok)) {
    lines.push(
      `    ${g.file}: error: twin ${id}: the reference trial ${c.trial} (seed ${c.seed}) does not pass: ${c.headline}; the twin has no honest pass`,
    );
    for (const why of c.reasons) lines.push(`      ${why}`);
    for (const cause of c.causes ?? []) lines.push(`      ${formatIssue(cause)}`);
  }
  return lines;
}

function file(label: string, f: FileReport): string[] {
  return [`${f.valid ? '✓' : '✗'} ${label}`, ...f.issues.map((i) => `    ${formatIssue(i)}`)];
}
