/**
 * `bench view DIR`: a run folder's report.html over HTTP on 127.0.0.1, rendered first when the
 * folder lacks it (an older run, or one rendered with other reporters). Only the page and the
 * trial timelines it loads (`report/<render>/<i>.js`, names of hex and digits only) are served:
 * nothing else of the folder, nothing outside it. A Host header other than the loopback name it
 * listens on is refused, so a page on another site cannot reach it by DNS rebinding. With a run
 * history (docs/history.md) it serves its pages too (history.ts): `/runs`, each recorded run's
 * report, `/compare`; `bench view` without a folder serves the history alone.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { untilSignal } from '../../backend/serve.js';
import { InputError } from '../../errors.js';
import { REPORT_HTML, TIMELINE_PATH } from '../../reporters/html/index.js';
import { configHistory } from '../history/index.js';
import { reportRun } from '../report/index.js';
import { historyReply, type Reply } from './history.js';

export interface ViewOptions {
  /** The run history to serve (`/runs`, `/compare`); null or absent: none. */
  history?: string | null;
  /** 0 (the default): any free port. */
  port?: number;
  write?: (line: string) => void;
  /** Serve until this aborts (the CLI's interrupt), else until SIGINT/SIGTERM. */
  signal?: AbortSignal;
}

export interface ViewHandle {
  url: string;
  close(): Promise<void>;
}

async function respond(
  folder: string | undefined,
  history: string | null,
  port: number,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  const path = (req.url ?? '/').split('?')[0];
  const send = (status: number, type: string, text: string | Buffer) => {
    const body = typeof text === 'string' ? Buffer.from(text) : text;
    res.writeHead(status, {
      'content-type': type,
      'content-length': body.length,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (!hosts.includes(req.headers.host ?? '')) return send(403, 'text/plain', 'forbidden host\n');
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'GET only\n');
  if (history !== null) {
    let reply: Reply | undefined;
    try {
      reply = await historyReply(history, new URL(req.url ?? '/', `http://127.0.0.1:${port}`));
    } catch (e) {
      reply = { status: 500, type: 'text/plain', body: `history: ${(e as Error).message}\n` };
    }
    if (!reply && folder === undefined && path === '/')
      reply = { status: 302, type: 'text/plain', body: '/runs\n' };
    if (reply) {
      if (reply.status === 302) res.setHeader('location', '/runs');
      return send(reply.status, reply.type, reply.body);
    }
  }
  if (folder === undefined) return send(404, 'text/plain', 'not found\n');
  const file = join(folder, REPORT_HTML);
  if (TIMELINE_PATH.test(path.slice(1))) {
    const script = readPage(join(folder, path.slice(1)));
    if ('status' in script) send(404, 'text/plain', `${path.slice(1)} is not in the run folder\n`);
    else send(200, 'text/javascript; charset=utf-8', script);
  } else if (path !== '/' && path !== `/${REPORT_HTML}`) send(404, 'text/plain', 'not found\n');
  // Read on every request: `bench report` on the folder shows on the next reload.
  else {
    const page = readPage(file);
    if ('status' in page) send(page.status, 'text/plain', page.text);
    else send(200, 'text/html; charset=utf-8', page);
  }
}

/**
 * The page, or a line saying why it cannot be read: the file can vanish or turn unreadable while
 * we serve (a `bench report` mid-write, a cleanup), and one failed read must not end the server.
 */
function readPage(file: string): Buffer | { status: 404 | 500; text: string } {
  try {
    return readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? {
          status: 404,
          text: `${REPORT_HTML} is gone from the run folder (bench report DIR renders it again)\n`,
        }
      : { status: 500, text: `cannot read ${REPORT_HTML}: ${code ?? (e as Error).message}\n` };
  }
}

export async function startView(dir: string | undefined, opts: ViewOptions = {}): Promise<ViewHandle> {
  const folder = dir === undefined ? undefined : resolve(dir);
  const history = opts.history ?? null;
  if (folder === undefined && history === null)
    throw new InputError('bench view: give a run folder, or a history (--history)');
  if (folder !== undefined && (!existsSync(folder) || !statSync(folder).isDirectory()))
    throw new InputError(`bench view ${dir}: not a run folder`);
  const write = opts.write ?? ((l: string) => process.stdout.write(`${l}\n`));
  const file = folder === undefined ? undefined : join(folder, REPORT_HTML);
  if (folder !== undefined && file !== undefined && !existsSync(file)) {
    reportRun(folder, (l) => write(l.trimEnd()), { reporters: ['html'] });
    write(`rendered ${file}`);
  }
  let port = 0;
  const server = createServer((req, res) => {
    respond(folder, history, port, req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`${(e as Error).message}\n`);
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', (e: Error) =>
      fail(new InputError(`bench view --port ${opts.port ?? 0}: ${e.message}`)),
    );
    server.listen(opts.port ?? 0, '127.0.0.1', () => ok());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;
  if (file) write(`report: ${url} (serving ${file} until interrupted, Ctrl-C)`);
  if (history !== null)
    write(
      `runs: ${url}runs (the history's runs, trends and comparisons${file ? '' : ', until interrupted, Ctrl-C'})`,
    );
  return {
    url,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        // A browser keeps its connection open; closing waits for none of them.
        server.closeAllConnections();
      }),
  };
}

/** Serve until SIGINT/SIGTERM (or the signal), then close and return. */
export async function viewCommand(dir: string | undefined, opts: ViewOptions = {}): Promise<void> {
  const view = await startView(dir, opts);
  await untilSignal(opts.signal);
  await view.close();
}

/** The history `bench view` serves: the one named, else the default file when it exists (a view creates none). */
export function viewHistory(flag: string | undefined, config: string | undefined): string | null {
  const target = configHistory(flag, config);
  if (flag !== undefined || target === null) return target;
  return existsSync(target) ? target : null;
}
