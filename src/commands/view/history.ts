/**
 * The history in `bench view` (docs/history.md): `/runs`, the runs page with a trend plot per row;
 * `/runs/<id>/report.html` and the timelines it loads, that run's report from its recorded folder
 * (rendered first when the folder lacks it); `/compare?a=RUN&b=RUN&trial=ID`, one trial of two
 * runs side by side. Each page is read from the store per request, so a run recorded while the
 * viewer is open shows on the next reload.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../../errors.js';
import { openHistory } from '../../history/index.js';
import { comparePage, runLines, runsPage, seriesOf } from '../../reporters/history/index.js';
import { REPORT_HTML, TIMELINE_PATH } from '../../reporters/html/index.js';
import { compareTrial } from '../compare/index.js';
import { reportRun } from '../report/index.js';

export interface Reply {
  status: number;
  type: string;
  body: string | Buffer;
}

const HTML = 'text/html; charset=utf-8';
const text = (status: number, body: string): Reply => ({ status, type: 'text/plain', body: `${body}\n` });

async function runsReply(target: string): Promise<Reply> {
  const store = await openHistory(target, { create: false });
  try {
    const runs = await store.runs();
    const trials = runs.length ? (await store.trials(runs[0].id)).map((t) => t.id) : [];
    // the configured seats' rows: a null baseline's trend says nothing of a gate change
    const series = seriesOf(await store.points({})).filter(
      (s) => s.kind === 'seat' && s.points.some((p) => p.n > 0),
    );
    return {
      status: 200,
      type: HTML,
      body: runsPage({ where: store.where, lines: runLines(runs), series, trials }),
    };
  } finally {
    await store.close();
  }
}

async function folderOf(target: string, id: string): Promise<string | undefined> {
  const store = await openHistory(target, { create: false });
  try {
    return (await store.run(id))?.dir;
  } finally {
    await store.close();
  }
}

/** A run's report page or one of its timelines, from the folder the history recorded. */
async function runFileReply(target: string, id: string, rest: string): Promise<Reply> {
  const dir = await folderOf(target, id);
  if (!dir || !existsSync(join(dir, 'run.json')))
    return text(404, `run ${id}: not in the history, or its folder is gone`);
  if (rest === REPORT_HTML) {
    if (!existsSync(join(dir, REPORT_HTML))) reportRun(dir, () => {}, { reporters: ['html'] });
    return { status: 200, type: HTML, body: readFileSync(join(dir, REPORT_HTML)) };
  }
  if (TIMELINE_PATH.test(rest) && existsSync(join(dir, rest)))
    return { status: 200, type: 'text/javascript; charset=utf-8', body: readFileSync(join(dir, rest)) };
  return text(404, `${rest} is not in run ${id}'s folder`);
}

async function compareReply(target: string, q: URLSearchParams): Promise<Reply> {
  const [a, b, trial] = [q.get('a'), q.get('b'), q.get('trial')];
  if (!a || !b || !trial) return text(400, 'compare: give a, b and trial (/compare?a=RUN&b=RUN&trial=ID)');
  const [da, db] = [await folderOf(target, a), await folderOf(target, b)];
  if (!da || !db) return text(404, `compare: run ${da ? b : a} is not in the history`);
  try {
    return { status: 200, type: HTML, body: comparePage(compareTrial(da, db, trial)) };
  } catch (e) {
    if (e instanceof InputError) return text(404, e.message);
    throw e;
  }
}

/** The reply for a history path, or undefined when the path is not one of the history's. */
export async function historyReply(target: string, url: URL): Promise<Reply | undefined> {
  const path = url.pathname;
  if (path === '/runs' || path === '/runs/') return runsReply(target);
  const m = /^\/runs\/([^/]+)\/(.+)$/.exec(path);
  if (m) return runFileReply(target, decodeURIComponent(m[1]), m[2]);
  if (path === '/compare') return compareReply(target, url.searchParams);
  return undefined;
}
