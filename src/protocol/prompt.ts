/**
 * The incident text every agent starts from, hosted or external: the golden's prompt, the alert,
 * the measurements to report and the Theory's shape. Only the line that says how to hand the
 * Theory in differs (a tool call in the host, a file for a command seat), so it is a parameter.
 */
import type { Golden } from '../formats/golden/index.js';

export function measurementLines(g: Golden): string[] {
  const lines: string[] = [];
  for (const part of ['A', 'B'] as const) {
    const p = g.parts[part];
    lines.push(`Part ${part}: ${p.question}`);
    for (const m of p.measurements) {
      lines.push(
        `  - ${m.id} (${m.source}${m.unit ? `, ${m.unit}` : ''})${m.description ? `: ${m.description}` : ''}`,
      );
    }
  }
  return lines;
}

const THEORY_SHAPE = `{"summary": "...", "rootCause": {"component": "...", "mechanism": "...", "explanation": "..."},
 "parts": {"A": {"status": "resolved" | "undetermined", "findings": "...",
                 "measurements": [{"id": "<measurement id>", "value": 0.23, "unit": "ratio", "evidence": ["c7"]}],
                 "gaps": [{"measurement": "<id>", "failedQuery": "...", "callId": "c9", "reason": "..."}]},
           "B": {...}}}`;

/** How the Theory is handed in: the host's tool, or a command seat's file. */
export const SUBMIT_BY = {
  tool: 'Submit with submit_theory({theory}) where theory is:',
  file: 'Write the Theory as JSON to $REMATCH_THEORY_FILE:',
} as const;

export function incidentMessage(g: Golden, submit: keyof typeof SUBMIT_BY): string {
  const labels = Object.entries(g.alert.labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return [
    g.prompt.trim(),
    '',
    `Alert ${g.alert.name} (${labels}) active since ${new Date(g.ms.activeAt).toISOString()}: ${g.alert.summary}`,
    `Alert expression: ${g.alert.expr}`,
    `Incident time "now" is ${new Date(g.ms.now).toISOString()}; data covers ${g.time.start} to ${g.time.end}.`,
    '',
    'Measurements to report (by id):',
    ...measurementLines(g),
    '',
    `${SUBMIT_BY[submit]}\n${THEORY_SHAPE}`,
  ].join('\n');
}
