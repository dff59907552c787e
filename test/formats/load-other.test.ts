import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkConfig,
  checkDefaultSeats,
  checkSeat,
  loadConfig,
  loadSeats,
  loadTheory,
  readTrace,
} from '../../src/formats/load.js';
import { TRACE_FORMAT } from '../../src/formats/run/trace.js';
import { FIXTURES, inputErrorOf, tempDir, write } from './helpers.js';

describe('seats', () => {
  it('loads a folder of seat files sorted by name and refuses duplicate names', () => {
    expect(loadSeats([`${FIXTURES}/seats`]).map((s) => s.name)).toEqual([
      'responses-reactree',
      'sim-diligent',
    ]);
    const dir = tempDir();
    write(dir, 'a.yaml', 'name: x\nprovider: sim\npolicy: tweaker\n');
    write(dir, 'b.yml', 'name: x\nprovider: sim\npolicy: fanout\n');
    const e = inputErrorOf(() => loadSeats([dir]));
    expect(e.issues[0]).toMatchObject({ path: 'name', line: 1 });
    expect(e.issues[0].message).toContain('duplicate seat name "x"');
  });

  it('applies provider rules', () => {
    const dir = tempDir();
    const cases: [string, string[]][] = [
      ['name: s\nprovider: sim\n', ['provider']],
      ['name: s\nprovider: command\n', ['provider']],
      ['name: s\nprovider: anthropic\nmodel: claude\n', ['auth']],
      ['name: s\nprovider: openai-compatible\nmodel: m\n', ['provider']],
      ['name: s\nprovider: xai\nmodel: grok\nauth: {apiKeyEnv: K}\nbaseURL: http://x\n', ['baseURL']],
      ['name: s\nprovider: gemini\nauth: {apiKeyEnv: K}\n', ['model']],
      ['name: s\nprovider: openai-compatible\nmodel: m\nbaseURL: http://127.0.0.1:1/v1\n', []],
    ];
    for (const [text, paths] of cases) {
      const r = checkSeat(write(dir, 'seat.yaml', text));
      expect(
        r.issues.map((i) => i.path),
        text,
      ).toEqual(paths);
    }
  });
});

describe('config', () => {
  it('gives the defaults when the default file is absent', () => {
    const cwd = process.cwd();
    process.chdir(tempDir());
    try {
      const { config, file } = loadConfig();
      expect(file).toBe('bench.config.yaml');
      expect(config.defaultGateSets).toEqual(['none', 'all']);
      expect(config.repetitions).toBe(5);
    } finally {
      process.chdir(cwd);
    }
  });

  it('refuses an explicit config file that does not exist', () => {
    expect(inputErrorOf(() => loadConfig('/nonexistent/bench.config.yaml')).message).toContain('not found');
  });

  it('refuses to redefine built-in gate sets and unknown names, with positions', () => {
    const file = write(
      tempDir(),
      'bench.config.yaml',
      'gateSets:\n  all: {gates: [ledger]}\n  mine: {gates: [fanout, teleport]}\ndefaultGateSets: [none, nope]\n',
    );
    const e = inputErrorOf(() => loadConfig(file));
    expect(e.issues.map((i) => [i.path, i.line])).toEqual([['gateSets.mine.gates.1', 3]]);
    const fixed = write(
      tempDir(),
      'c.yaml',
      'gateSets:\n  all: {gates: [ledger]}\ndefaultGateSets: [none, nope]\n',
    );
    const r = checkConfig(fixed);
    expect(r.issues.map((i) => [i.path, i.line, i.col])).toEqual([
      ['gateSets.all', 2, 3],
      ['defaultGateSets.1', 3, 25],
    ]);
  });

  it('resolves paths relative to a config elsewhere and checks defaultSeats against loaded seats', () => {
    const dir = tempDir();
    const file = write(dir, 'sub/bench.config.yaml', 'goldens: [g]\ndefaultSeats: [sim-diligent, ghost]\n');
    const { config } = loadConfig(file);
    expect(config.goldens[0]).toMatch(/sub\/g$/);
    // every path-valued key: cache.dir too (a relative one, from the config's folder)
    const withCache = write(dir, 'sub/c.yaml', 'goldens: [g]\ncache: {dir: turns}\n');
    expect(loadConfig(withCache).config.cache?.dir).toMatch(/^(.*\/)?sub\/turns$/);
    const absolute = write(dir, 'sub/d.yaml', `cache: {dir: ${JSON.stringify(join(dir, 'abs'))}}\n`);
    expect(loadConfig(absolute).config.cache?.dir).toBe(join(dir, 'abs'));
    const issues = checkDefaultSeats(config, file, loadSeats([`${FIXTURES}/seats`]));
    expect(issues.map((i) => [i.path, i.line, i.message])).toEqual([
      ['defaultSeats.1', 2, 'unknown seat "ghost"'],
    ]);
  });
});

const THEORY = {
  summary: 's',
  rootCause: { component: 'payments-db', mechanism: 'pool' },
  parts: { A: { status: 'resolved' }, B: { status: 'undetermined', gaps: [{ reason: 'failed' }] } },
};

describe('loadTheory', () => {
  it('loads a Theory with defaults', () => {
    const t = loadTheory(write(tempDir(), 't.json', JSON.stringify(THEORY)));
    expect(t.parts.A.measurements).toEqual([]);
    expect(t.parts.B.gaps[0].reason).toBe('failed');
  });

  it('locates schema errors and JSON syntax errors', () => {
    const bad = { ...THEORY, parts: { ...THEORY.parts, A: { status: 'done' } } };
    const e = inputErrorOf(() => loadTheory(write(tempDir(), 't.json', JSON.stringify(bad, null, 2))));
    expect(e.issues.map((i) => [i.path, i.line])).toEqual([['parts.A.status', 9]]);
    const s = inputErrorOf(() =>
      loadTheory(write(tempDir(), 't.json', '{\n  "summary": "x",\n  "parts": }\n')),
    );
    expect(s.issues[0]).toMatchObject({ line: 3, col: 12 });
    expect(s.issues[0].message).toMatch(/^JSON syntax error/);
  });
});

const HEADER = {
  type: 'header',
  format: TRACE_FORMAT,
  golden: 'g',
  seat: 's',
  provider: 'sim',
  model: 'sim',
  shape: 'react',
  gateSet: 'all',
  gates: ['ledger'],
  rep: 0,
  seed: 1,
  clock: 'virtual',
  startedAt: '2026-01-01T00:00:00Z',
};
const CALL = {
  type: 'tool_call',
  t: 5,
  id: 'c1',
  tool: 'prom_query',
  args: {},
  wave: 1,
  class: 'live',
  node: 'root',
};

describe('readTrace', () => {
  it('reads a header and its events', () => {
    const text = [HEADER, CALL].map((e) => JSON.stringify(e)).join('\n') + '\n';
    const t = readTrace(write(tempDir(), 't.jsonl', text));
    expect(t.header.golden).toBe('g');
    expect(t.events.map((e) => e.type)).toEqual(['header', 'tool_call']);
  });

  it('refuses another format version with one clear message', () => {
    const text = JSON.stringify({ ...HEADER, format: 'rematch.trace/9', extra: 1 });
    const e = inputErrorOf(() => readTrace(write(tempDir(), 't.jsonl', text)));
    expect(e.message.split('\n')[0]).toBe(
      'trace format rematch.trace/9 is not supported (this bench reads rematch.trace/1)',
    );
    expect(e.exitCode).toBe(2);
  });

  it('reports each bad line with its line number and field path', () => {
    const lines = [HEADER, CALL, { ...CALL, wave: 'one' }, { ...CALL, class: 'magic' }].map((e) =>
      JSON.stringify(e),
    );
    lines.splice(2, 0, '{"type": "tool_call",');
    const e = inputErrorOf(() => readTrace(write(tempDir(), 't.jsonl', lines.join('\n'))));
    expect(e.issues.map((i) => [i.line, i.path ?? null])).toEqual([
      [3, null],
      [4, 'wave'],
      [5, 'class'],
    ]);
    expect(e.issues[1].col).toBe(JSON.stringify(CALL).indexOf('"wave"') + 8);
  });
});
