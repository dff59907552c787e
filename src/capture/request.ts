/**
 * One GET with bounds (node:http, not fetch: fetch has no connect or first-byte timeout and inflates
 * a gzip body without limit). Three clocks: connecting (TLS included), the first byte of the answer
 * (its status line), the whole request; and one cap on the body, counted as it arrives and again as
 * it inflates, so a silent or trickling server, or a small gzip body that inflates to gigabytes,
 * ends the capture with exit 2 naming the flag to change instead of hanging it or filling the heap.
 * A server that refuses or drops the connection is a server's fault (exit 1), as before.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { modelDuration } from '../formats/time.js';
import { CaptureAnswerError, CaptureServerError } from './server-error.js';
import type { NetLimits } from './types.js';

export interface Answer {
  status: number;
  text: string;
}

/** The encodings asked for and the decoders that undo them. */
const DECODERS: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

export function boundedGet(
  url: string,
  headers: Record<string, string>,
  net: NetLimits,
  secrets: readonly (string | undefined)[],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const timers = new Set<NodeJS.Timeout>();
    let settled = false;
    let res: IncomingMessage | undefined;
    let decoder: Transform | undefined;
    const settle = (err: Error | undefined, answer?: Answer) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      if (err) {
        decoder?.destroy();
        res?.destroy();
        req.destroy();
        reject(err);
      } else resolve(answer as Answer);
    };
    const tooMuch = (detail: string) => settle(new CaptureAnswerError(url, detail, secrets));
    /** A clock that ends the request with `what within <ms> (<flag>)`; the function stops it. */
    const clock = (ms: number, what: string, flag: string) => {
      const t = setTimeout(() => tooMuch(`${what} within ${modelDuration(ms)} (${flag})`), ms);
      timers.add(t);
      return () => {
        clearTimeout(t);
        timers.delete(t);
      };
    };

    const req = (u.protocol === 'https:' ? https : http).get(u, {
      headers: { ...headers, 'accept-encoding': 'gzip, deflate' },
    });
    clock(net.totalMs, 'not complete', '--request-timeout');
    const stopConnect = clock(net.connectMs, 'no connection', '--connect-timeout');
    let stopFirstByte = () => {};
    const connected = () => {
      stopConnect();
      stopFirstByte = clock(net.firstByteMs, 'no response', '--first-byte-timeout');
    };
    req.on('socket', (socket: Socket) => {
      // a kept-alive socket is connected already; a new one says so once it is (TLS included)
      if (!socket.connecting) return connected();
      socket.once(u.protocol === 'https:' ? 'secureConnect' : 'connect', connected);
    });
    req.on('error', (e) => {
      const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : '';
      settle(new CaptureServerError(url, `unreachable (${e.message}${cause})`, secrets));
    });
    req.on('response', (r) => {
      res = r;
      stopFirstByte();
      const declared = Number(r.headers['content-length']);
      if (declared > net.maxBytes)
        return tooMuch(
          `the answer is over ${net.maxBytes} bytes (--max-response-bytes): Content-Length ${declared}`,
        );
      const encoding = (r.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      if (encoding !== 'identity' && !DECODERS[encoding])
        return settle(
          new CaptureAnswerError(url, `the answer has an unknown Content-Encoding: ${encoding}`, secrets),
        );
      const decode = DECODERS[encoding];
      const body: Buffer[] = [];
      const done = () =>
        settle(undefined, { status: r.statusCode ?? 0, text: Buffer.concat(body).toString('utf8') });
      let raw = 0;
      r.on('data', (c: Buffer) => {
        raw += c.length;
        if (raw > net.maxBytes)
          return tooMuch(`the answer is over ${net.maxBytes} bytes (--max-response-bytes)`);
        if (!decode) body.push(c);
      });
      r.on('error', (e) =>
        settle(new CaptureServerError(url, `the answer broke off (${e.message})`, secrets)),
      );
      r.on('close', () => {
        if (!r.complete) settle(new CaptureServerError(url, 'the connection closed mid-answer', secrets));
      });
      if (!decode) {
        r.on('end', done);
        return;
      }
      // the bytes as they inflate, counted against the same cap: a small gzip body can hold gigabytes
      let inflated = 0;
      decoder = r.pipe(decode());
      decoder.on('data', (c: Buffer) => {
        inflated += c.length;
        if (inflated > net.maxBytes)
          return tooMuch(
            `the answer inflates past ${net.maxBytes} bytes (Content-Encoding: ${encoding}; --max-response-bytes)`,
          );
        body.push(c);
      });
      decoder.on('error', (e) =>
        settle(
          new CaptureAnswerError(
            url,
            `the answer's ${encoding} body does not decode (${e.message})`,
            secrets,
          ),
        ),
      );
      decoder.on('end', done);
    });
  });
}
