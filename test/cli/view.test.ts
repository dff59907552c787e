/** `bench view DIR`: report.html (rendered first when missing) on 127.0.0.1, and nothing else. */

import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPORT_HTML, runBench, startView } from '../../src/index.js';
import { track } from '../children.js';
import { fakeRunTrial, inputs } from '../commands/fake.js';
import { ROOT, sink, tmp } from '../commands/helpers.js';
import { bench } from '../formats/helpers.js';

/** A run folder rendered without the html reporter, as an older bench left them. */
async function runWithoutHtml(): Promise<string> {
  const dir = join(tmp(), 'run');
  const quiet = { stdout: sink(), stderr: sink(), tty: false };
  await runBench({ inputs, out: dir, runTrial: fakeRunTrial(), reporters: ['json'], ...quiet });
  return dir;
}

/** A raw request, so the Host header is ours to choose. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; body: string }>((ok, fail) => {
    const req = request(url, { method, headers }, (res) => {
      let body = '';
      res.on('data', (b: Buffer) => {
        body += b.toString();
      });
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** A port nothing listens on: one the system just handed out and took back. */
function freePort(): Promise<number> {
  const s = createServer();
  return new Promise((ok) =>
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    }),
  );
}

describe('bench view', () => {
  it('renders a missing report.html, then serves it and only it on 127.0.0.1', async () => {
    const dir = await runWithoutHtml();
    expect(existsSync(join(dir, REPORT_HTML))).toBe(false);
    const lines: string[] = [];
    const view = await startView(dir, { write: (l) => lines.push(l) });
    try {
      expect(view.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(lines.at(-1)).toContain(`report: ${view.url}`);
      const page = readFileSync(join(dir, REPORT_HTML), 'utf8');
      expect(await get(view.url)).toEqual({ status: 200, body: page });
      expect((await get(`${view.url}report.html?x=1`)).body).toBe(page);
      for (const path of ['scorecard.json', 'run.json', '../run.json', '%2e%2e/run.json', 'traces/'])
        expect((await get(`${view.url}${path}`)).status, path).toBe(404);
      expect((await get(view.url, {}, 'POST')).status).toBe(405);
      // a name other than the loopback one it listens on: refused (DNS rebinding)
      expect((await get(view.url, { host: 'example.com' })).status).toBe(403);
    } finally {
      await view.close();
    }
  });

  it('listens on the --port asked for, prints the URL and stops on SIGTERM with exit 143', async () => {
    const dir = await runWithoutHtml();
    const port = await freePort();
    const child = track(
      spawn(process.execPath, [join(ROOT, 'bin/bench.js'), 'view', dir, '--port', String(port)]),
    );
    const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
    });
    await expect.poll(() => out, { timeout: 20_000 }).toMatch(/report: http:\/\/127\.0\.0\.1:\d+\//);
    expect(out).toContain(`rendered ${join(dir, REPORT_HTML)}`);
    expect(out).toContain(`report: http://127.0.0.1:${port}/ `);
    expect((await get(`http://127.0.0.1:${port}/`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
  });

  it('answers 404 when report.html vanishes while serving, and keeps serving (the built CLI)', async () => {
    const dir = await runWithoutHtml();
    const port = await freePort();
    const child = track(
      spawn(process.execPath, [join(ROOT, 'bin/bench.js'), 'view', dir, '--port', String(port)]),
    );
    const exited = new Promise<number | null>((ok) => child.on('exit', (code) => ok(code)));
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      err += b.toString();
    });
    try {
      await expect.poll(() => out, { timeout: 20_000 }).toMatch(/report: http:\/\/127\.0\.0\.1:\d+\//);
      const url = `http://127.0.0.1:${port}/`;
      rmSync(join(dir, REPORT_HTML));
      const gone = await get(url);
      expect(gone.status).toBe(404);
      expect(gone.body).toMatch(/report\.html is gone from the run folder/);
      // still serving: the file written again is the next answer
      writeFileSync(join(dir, REPORT_HTML), '<p>again</p>');
      expect(await get(url)).toEqual({ status: 200, body: '<p>again</p>' });
      expect(err).not.toMatch(/ENOENT/);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(143);
  });

  it('exits 2 on a folder that is not a run folder', () => {
    const dir = tmp();
    const r = bench(['view', dir], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/run\.json/);
    expect(bench(['view', join(dir, 'nope')], dir)).toMatchObject({ status: 2 });
  });
});
