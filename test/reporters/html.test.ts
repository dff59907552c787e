/**
 * The html reporter through runBench and reportRun: report.html in the run folder, every trial's
 * timeline in its own file beside it (report/<render>/<i>.js), agent text that tries to end a
 * script block kept inert, nothing fetched from outside the folder, older renders removed, and a
 * broken or missing trace shown as a reason instead of failing the run.
 */
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../src/formats/run/trace.js';
import { REPORT_HTML, reportRun, runBench } from '../../src/index.js';
import type { TrialEnv, TrialOutcome, TrialSpec } from '../../src/plan/types.js';
import { pageAssets, SCRIPTS } from '../../src/reporters/html/assets.js';
import { fakeRunTrial, inputs } from '../commands/fake.js';
import { sink, tmp } from '../commands/helpers.js';
import { indexBlock, timelineDetails } from './timeline-files.js';

const HOSTILE = '</script><script>window.pwned=1</script><!-- <b>&amp;';

/** The fake trials, with an agent whose Theory, turn text and query try to break out of the page. */
function hostileRunTrial() {
  const fake = fakeRunTrial();
  return async (spec: TrialSpec, env: TrialEnv): Promise<TrialOutcome> => {
    const out = await fake(spec, env);
    if (out.kind !== 'done' || !out.theory) return out;
    out.theory.rootCause.mechanism = HOSTILE;
    writeFileSync(join(env.dir, 'theory.json'), JSON.stringify(out.theory));
    const [header, ...events] = out.trace.events;
    const turn: TraceEvent = {
      type: 'model_turn',
      t: 0,
      node: 'root',
      turn: 1,
      latencyMs: 5,
      tokens: { input: 1, output: 1, reasoning: 0 },
      text: HOSTILE,
      toolCalls: 1,
      attempts: 1,
    };
    const call = events.findIndex((e) => e.type === 'tool_call');
    events[call] = { ...events[call], query: HOSTILE } as TraceEvent;
    out.trace.events = [header, turn, ...events];
    writeFileSync(
      join(env.dir, 'trace.jsonl'),
      `${out.trace.events.map((e) => JSON.stringify(e)).join('\n')}\n`,
    );
    return out;
  };
}

async function run(): Promise<string> {
  const dir = join(tmp(), 'run');
  await runBench({
    inputs,
    out: dir,
    runTrial: hostileRunTrial(),
    reporters: ['json', 'html'],
    stdout: sink(),
    stderr: sink(),
    tty: false,
  });
  return dir;
}

/** The JSON blocks of a page by id, parsed as the page parses them. */
function blocks(html: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const m of html.matchAll(/<script type="application\/json" id="([^"]+)">([^<]*)<\/script>/g))
    out.set(m[1], JSON.parse(m[2]));
  return out;
}

type Detail = {
  id: string;
  theory: { rootCause: { mechanism: string } } | null;
  rows: { k: string; text?: string; what?: string }[];
  problem?: string;
};

describe('html reporter', () => {
  it('writes report.html into the run folder and one timeline file per trial beside it', async () => {
    const dir = await run();
    const html = readFileSync(join(dir, REPORT_HTML), 'utf8');
    const sc = JSON.parse(readFileSync(join(dir, 'scorecard.json'), 'utf8'));
    const index = indexBlock(html);
    expect(index.index.map((t) => t.id)).toEqual(sc.trials.map((t: { id: string }) => t.id));
    expect(index.timelines).toMatch(/^report\/[0-9a-f]{16}\/$/);
    // the page holds the index only: no trial's detail is inline
    expect([...blocks(html).keys()]).toEqual(['rematch-index']);
    const details = timelineDetails<Detail>(dir, html);
    expect(details.map((d) => d.id)).toEqual(sc.trials.map((t: { id: string }) => t.id));
    expect(readdirSync(join(dir, 'report'))).toEqual([index.timelines.split('/')[1]]);
    // The grid has a cell per seat × gate set of each golden, the summary counts the seat trials.
    expect(html.match(/<td class="cell /g)?.length).toBe(
      sc.rows.filter((r: { kind: string }) => r.kind === 'seat').length,
    );
    const own = sc.trials.filter((t: { seat: string }) => !t.seat.includes('/')).length;
    // in the terminal's words (reporters/summary.ts)
    expect(html).toContain(`<b>${own} trials</b>`);
  });

  it('keeps agent text inert: escaped in the page and every timeline file, the same string once parsed', async () => {
    const dir = await run();
    const html = readFileSync(join(dir, REPORT_HTML), 'utf8');
    const { timelines } = indexBlock(html);
    for (const text of [
      html,
      ...readdirSync(join(dir, timelines)).map((f) => readFileSync(join(dir, timelines, f), 'utf8')),
    ]) {
      expect(text).not.toContain('window.pwned=1</script>');
      expect(text).not.toContain('<!-- <b>');
    }
    const agents = timelineDetails<Detail>(dir, html).filter((d) => d.id?.includes('/sim-'));
    expect(agents.length).toBeGreaterThan(0);
    for (const d of agents as Detail[]) {
      expect(d.theory?.rootCause.mechanism).toBe(HOSTILE);
      expect(d.rows.find((r) => r.k === 'turn')?.text).toBe(HOSTILE);
      expect(d.rows.find((r) => r.k === 'call')?.what).toBe(HOSTILE);
    }
  });

  it('loads nothing from anywhere: no src or href outside data: URLs, uPlot and the styles inline', async () => {
    const html = readFileSync(join(await run(), REPORT_HTML), 'utf8');
    const markup = html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<style>[\s\S]*?<\/style>/g, '');
    const refs = [...markup.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    expect(refs.filter((r) => !r.startsWith('data:'))).toEqual([]);
    expect(html).toContain('https://github.com/leeoniya/uPlot (v1.6.32)');
    expect(html).toMatch(/<style>\.uplot, \.uplot \*/);
  });

  it('re-renders with bench report; a missing or broken trace leaves its row with the reason', async () => {
    const dir = await run();
    const sc = JSON.parse(readFileSync(join(dir, 'scorecard.json'), 'utf8'));
    renameSync(join(dir, REPORT_HTML), join(dir, 'report.html.keep'));
    const agents = sc.trials.flatMap((t: { seat: string }, i: number) =>
      t.seat.startsWith('sim-') ? [i] : [],
    );
    const [gone, broken, kept] = agents;
    rmSync(join(dir, sc.trials[gone].dir, 'trace.jsonl'));
    writeFileSync(join(dir, sc.trials[broken].dir, 'trace.jsonl'), '{"type":"header"\n');
    const before = indexBlock(readFileSync(join(dir, 'report.html.keep'), 'utf8')).timelines;
    writeFileSync(join(dir, before, 'stray.js.123.tmp'), 'a killed writer');
    reportRun(dir, () => {}, { reporters: ['html'] });
    const html = readFileSync(join(dir, REPORT_HTML), 'utf8');
    const d = timelineDetails<Detail>(dir, html);
    expect(d[gone].problem).toMatch(/^no trace at traces\/.*trace\.jsonl$/);
    expect(d[broken].problem).toMatch(/trace/);
    expect(d[kept].problem).toBeUndefined();
    // the details changed, so the render did: the older render's folder is gone, stray files with it
    const now = indexBlock(html).timelines;
    expect(now).not.toBe(before);
    expect(readdirSync(join(dir, 'report'))).toEqual([now.split('/')[1]]);
    expect(readdirSync(join(dir, now)).length).toBe(sc.trials.length);
  });
});

describe("report.html's script", () => {
  const CLIENT = resolve(__dirname, '../../src/reporters/html/client');

  it('joins every script of client/ once, in SCRIPTS order, into one strict script ending in main()', () => {
    const files = readdirSync(CLIENT).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
    expect(files.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual([...SCRIPTS].sort());
    const { script } = pageAssets();
    expect(script.startsWith('"use strict";\n')).toBe(true);
    expect(script.match(/"use strict"/g)).toHaveLength(1);
    expect(script.trimEnd().endsWith('main();')).toBe(true);
    // Compiled: no type annotation is left (the page's browser would refuse the whole script).
    expect(script).not.toMatch(/\bfunction \w+\([^)]*: /);
    // Each file's first function, found in the files' order.
    const first = { dom: 'el', trials: 'detail', plots: 'plotWidth', timeline: 'verdictBox', main: 'main' };
    const at = SCRIPTS.map((n) => script.indexOf(`function ${first[n]}(`));
    expect(at.every((x) => x > 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });
});
