/**
 * The trace recorder. Events are written synchronously on a descriptor held open until `close()`:
 * sync I/O never yields to the event loop, so it cannot reorder actors on a VirtualClock. Lines
 * are gathered and written together: at `close()`, at 64 KiB, and when a quarter second has passed
 * since the last write (so a slow real seat's trace file follows it). A sim trial takes a few
 * milliseconds, so its trace is one `write` instead of one per event (30,000 writes, 0.6 s of a
 * default run). What a crash loses is a trial that was not journaled: it runs again on resume.
 * Without a file the writer keeps events in memory only (tests, dry runs); it always keeps them in
 * memory. An event appended after `close()` is appended to the file by name.
 */
import { appendFileSync, closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { HeaderEvent, Trace, TraceEvent } from '../formats/run/index.js';

const FLUSH_CHARS = 64 * 1024;
const FLUSH_MS = 250;

export class TraceWriter {
  readonly file: string | undefined;
  readonly header: HeaderEvent;
  private readonly list: TraceEvent[] = [];
  private fd = -1;
  private pending: string[] = [];
  private pendingChars = 0;
  private lastWrite = Date.now();

  /** Writes the header line at once; an existing file is replaced (a rerun rewrites its trace). */
  constructor(opts: { header: HeaderEvent; file?: string }) {
    this.header = opts.header;
    this.file = opts.file;
    this.list.push(opts.header);
    if (this.file) {
      mkdirSync(dirname(this.file), { recursive: true });
      this.fd = openSync(this.file, 'w');
      this.write(`${JSON.stringify(opts.header)}\n`);
    }
  }

  append(event: TraceEvent): void {
    this.list.push(event);
    if (this.file) this.write(`${JSON.stringify(event)}\n`);
  }

  private write(line: string): void {
    if (this.fd < 0) {
      appendFileSync(this.file!, line);
      return;
    }
    this.pending.push(line);
    this.pendingChars += line.length;
    if (this.pendingChars >= FLUSH_CHARS || Date.now() - this.lastWrite >= FLUSH_MS) this.flush();
  }

  private flush(): void {
    if (!this.pending.length) return;
    const bytes = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingChars = 0;
    for (let at = 0; at < bytes.length; ) at += writeSync(this.fd, bytes, at);
    this.lastWrite = Date.now();
  }

  /** Writes what is gathered and lets go of the file (before it is renamed into place); idempotent. */
  close(): void {
    if (this.fd < 0) return;
    const fd = this.fd;
    try {
      this.flush();
    } finally {
      this.fd = -1;
      closeSync(fd);
    }
  }

  events(): readonly TraceEvent[] {
    return this.list;
  }

  trace(): Trace {
    return { header: this.header, events: [...this.list] };
  }
}
