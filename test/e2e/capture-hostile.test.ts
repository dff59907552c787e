/**
 * `bench capture` against servers that misbehave (issue 23 item 4), through the built CLI: a
 * scripted node:http server on 127.0.0.1 that is silent, trickles, answers `data: null`,
 * `metric: null`, a timestamp that is no number, a gzip bomb or a body over the cap. Each is exit 2
 * within the small timeouts given, naming the URL and what was wrong, and leaves nothing at --out
 * (the capture is staged beside it and moved into place only when complete). An existing golden at
 * --out is refused unless --force. Needs `npm run build`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { track } from '../children.js';
import { tempDir } from '../formats/helpers.js';

const ROOT = resolve(__dirname, '../..');
const START = '2026-03-14T13:00:00Z';
const END = '2026-03-14T13:10:00Z';
const T0 = Date.parse(START) / 1000;
const CAP = 1024 * 1024;

/** Which request a scenario sees: a capture's range query, a truth's instant query, a log page. */
type Kind = 'range' | 'instant' | 'logs' | 'logs-instant' | 'other';
type Handler = (res: ServerResponse, req: IncomingMessage) => void;

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const ok = (data: unknown) => ({ status: 'success', data });
const samples = Array.from({ length: 11 }, (_, i) => [T0 + 60 * i, String(i)]);
const GOOD: Record<Kind, Handler> = {
  range: (res) =>
    json(
      res,
      ok({ resultType: 'matrix', result: [{ metric: { __name__: 'up', job: 'x' }, values: samples }] }),
    ),
  instant: (res) =>
    json(res, ok({ resultType: 'vector', result: [{ metric: {}, value: [T0 + 600, '10'] }] })),
  logs: (res) =>
    json(
      res,
      ok({
        resultType: 'streams',
        result: [{ stream: { app: 'x' }, values: [[`${(T0 + 60) * 1e9}`, 'hello']] }],
      }),
    ),
  'logs-instant': (res) =>
    json(res, ok({ resultType: 'vector', result: [{ metric: {}, value: [T0 + 600, '1'] }] })),
  other: (res) => json(res, ok({ groups: [] })),
};

const open = new Set<NodeJS.Timeout>();
const silent: Handler = () => {};
const trickle: Handler = (res, req) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"status":"success","data":{"resultType":"matrix","result":[');
  const t = setInterval(() => res.write(' '), 50);
  open.add(t);
  req.socket.on('close', () => {
    clearInterval(t);
    open.delete(t);
  });
};
const BOMB = gzipSync(Buffer.alloc(64 * CAP, 0x20));
const bomb: Handler = (res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
  res.end(BOMB);
};
const BIG = JSON.stringify(ok({ resultType: 'matrix', result: [], pad: 'x'.repeat(2 * CAP) }));
const bigChunked: Handler = (res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  for (let i = 0; i < BIG.length; i += 65536) res.write(BIG.slice(i, i + 65536));
  res.end();
};
const bigDeclared: Handler = (res) => {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(BIG)),
  });
  res.end(BIG);
};
const data =
  (d: unknown): Handler =>
  (res) =>
    json(res, ok(d));

/** Scenario name (the base URL's first path segment) → the handlers it replaces. */
const SCENARIOS: Record<string, Partial<Record<Kind, Handler>>> = {
  good: {},
  silent: { range: silent },
  trickling: { range: trickle },
  'data-null': { range: data(null) },
  'metric-null': { range: data({ resultType: 'matrix', result: [{ metric: null, values: samples }] }) },
  'timestamp-text': {
    range: data({ resultType: 'matrix', result: [{ metric: { job: 'x' }, values: [['soon', '1']] }] }),
  },
  'logs-null': { logs: data(null) },
  'logs-timestamp': {
    logs: data({ resultType: 'streams', result: [{ stream: { app: 'x' }, values: [['later', 'l']] }] }),
  },
  'gzip-bomb': { range: bomb },
  'big-chunked': { range: bigChunked },
  'big-declared': { range: bigDeclared },
  // the samples and lines arrive; the truths' live query (after the first golden.yaml) never answers
  'silent-truth': { instant: silent },
};

function kindOf(path: string, query: string): Kind {
  if (path === '/api/v1/query') return /\[\d+ms\]$/.test(query) ? 'range' : 'instant';
  if (path === '/loki/api/v1/query_range') return 'logs';
  if (path === '/loki/api/v1/query') return 'logs-instant';
  return 'other';
}

let server: Server;
let base = '';
const children = new Set<ChildProcess>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const [, scenario, ...rest] = u.pathname.split('/');
    const kind = kindOf(`/${rest.join('/')}`, u.searchParams.get('query') ?? '');
    (SCENARIOS[scenario]?.[kind] ?? GOOD[kind])(res, req);
  });
  await new Promise<void>((up) => server.listen(0, '127.0.0.1', up));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const t of open) clearInterval(t);
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

/** The built CLI, asynchronously (the scripted server answers in this process); killed if it hangs. */
function cli(
  args: string[],
  cwd: string,
): Promise<{ status: number | null; stderr: string; stdout: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/bench.js'), ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    children.add(child);
    const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    child.on('close', (status) => {
      clearTimeout(kill);
      children.delete(child);
      done({ status, stdout, stderr });
    });
  });
}

const args = (prom: string, loki: string, extra: string[] = []) => [
  'capture',
  '--prometheus',
  `${base}/${prom}`,
  '--loki',
  `${base}/${loki}`,
  '--start',
  START,
  '--end',
  END,
  '--out',
  'out',
  '--id',
  'hostile',
  '--alert-expr',
  'up > 0',
  '--measure-metrics',
  'peak=max(max_over_time(up[10m]))',
  '--measure-logs',
  'lines=sum(count_over_time({app="x"}[10m]))',
  '--connect-timeout',
  '1s',
  '--first-byte-timeout',
  '200ms',
  '--request-timeout',
  '1s',
  '--max-response-bytes',
  String(CAP),
  ...extra,
];

describe('bench capture against a misbehaving server', () => {
  it.each([
    ['silent', 'prom', /no response within 200ms \(--first-byte-timeout\)/],
    ['trickling', 'prom', /not complete within 1s \(--request-timeout\)/],
    ['data-null', 'prom', /data: expected .*object.*, got null/],
    ['metric-null', 'prom', /data\.result\.0\.metric: expected .*object.*, got null/],
    ['timestamp-text', 'prom', /data\.result\.0\.values\.0\.0: expected .*number.*, got "soon"/],
    ['logs-null', 'loki', /data: expected .*object.*, got null/],
    ['logs-timestamp', 'loki', /data\.result\.0\.values\.0\.0: expected .*nanoseconds.*, got "later"/],
    ['gzip-bomb', 'prom', /inflates past 1048576 bytes \(Content-Encoding: gzip; --max-response-bytes\)/],
    ['big-chunked', 'prom', /over 1048576 bytes \(--max-response-bytes\)/],
    ['big-declared', 'prom', /over 1048576 bytes \(--max-response-bytes\)/],
    ['silent-truth', 'prom', /no response within 200ms \(--first-byte-timeout\)/],
  ])('%s (%s): exit 2 naming the URL and what was wrong, nothing at --out', async (scenario, side, why) => {
    const cwd = tempDir();
    const r = await cli(side === 'prom' ? args(scenario, 'good') : args('good', scenario), cwd);
    expect(r.stderr).toMatch(why);
    expect(r.stderr).toContain(`${base}/${scenario}/`);
    expect(r.status).toBe(2);
    // nothing at --out, and no staging folder left beside it
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('captures from the scripted server when it behaves (the baseline of the cases above)', async () => {
    const cwd = tempDir();
    const r = await cli(args('good', 'good'), cwd);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(parse(readFileSync(join(cwd, 'out/golden.yaml'), 'utf8')).parts.A.measurements[0].truth).toBe(10);
    expect(readdirSync(cwd)).toEqual(['out']);
  });

  it('refuses an existing golden at --out unless --force, and a failed --force keeps the old one', async () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, 'out'));
    writeFileSync(join(cwd, 'out/golden.yaml'), 'id: old\n');
    writeFileSync(join(cwd, 'out/notes.md'), 'mine\n');
    const refused = await cli(args('good', 'good'), cwd);
    expect(refused.stderr).toMatch(/--out out: .*golden\.yaml exists; give --force to replace it/);
    expect(refused.status).toBe(2);
    expect(readFileSync(join(cwd, 'out/golden.yaml'), 'utf8')).toBe('id: old\n');

    const failed = await cli(args('silent-truth', 'good', ['--force']), cwd);
    expect(failed.status).toBe(2);
    expect(readFileSync(join(cwd, 'out/golden.yaml'), 'utf8')).toBe('id: old\n');
    expect(readdirSync(cwd)).toEqual(['out']);

    const forced = await cli(args('good', 'good', ['--force']), cwd);
    expect(forced.status).toBe(0);
    expect(parse(readFileSync(join(cwd, 'out/golden.yaml'), 'utf8')).id).toBe('hostile');
    // the folder's other files stay; the capture's own are replaced
    expect(readFileSync(join(cwd, 'out/notes.md'), 'utf8')).toBe('mine\n');
    expect(existsSync(join(cwd, 'out/metrics-1.txt.gz'))).toBe(true);
    expect(readdirSync(cwd)).toEqual(['out']);
  });

  it('refuses an --out that is a file, before any request', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'out'), 'not a folder\n');
    const r = await cli(args('silent', 'good'), cwd);
    expect(r.stderr).toMatch(/--out out: .*not a folder/);
    expect(r.status).toBe(2);
  });
});

/**
 * A server that never accepts: a listening socket (Python's, since Node's accepts every
 * connection) whose accept queue is full, so the kernel drops further handshakes and a connect
 * hangs. The connect clock, not the first-byte one, must end it.
 */
const NEVER_ACCEPTS = `import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(0)
print(s.getsockname()[1], flush=True)
time.sleep(120)
`;

describe('bench capture against a server that never accepts', () => {
  it('exit 2 when the connection is not made within --connect-timeout, nothing at --out', async () => {
    const listener = track(spawn('python3', ['-c', NEVER_ACCEPTS], { stdio: ['ignore', 'pipe', 'inherit'] }));
    const fillers: Socket[] = [];
    try {
      const port = await new Promise<number>((done, fail) => {
        listener.once('error', fail);
        listener.stdout.once('data', (c: Buffer) => done(Number(c.toString().trim())));
      });
      // fill the accept queue (a backlog of 0 holds one; more for kernels that round it up)
      for (let i = 0; i < 4; i++) {
        const s = connect(port, '127.0.0.1');
        s.on('error', () => {});
        fillers.push(s);
      }
      const url = `http://127.0.0.1:${port}`;
      const cwd = tempDir();
      const argv = args('good', 'good');
      argv[argv.indexOf('--prometheus') + 1] = url;
      // shorter than --request-timeout (1s), so that the clock that ends it is the connect one
      argv[argv.indexOf('--connect-timeout') + 1] = '300ms';
      const r = await cli(argv, cwd);
      expect(r.stderr).toMatch(/no connection within 300ms \(--connect-timeout\)/);
      expect(r.stderr).toContain(url);
      expect(r.status).toBe(2);
      expect(readdirSync(cwd)).toEqual([]);
    } finally {
      for (const s of fillers) s.destroy();
      listener.kill('SIGKILL');
    }
  });
});
