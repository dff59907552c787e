/**
 * The trace recorder. Events are appended synchronously as they happen (one `write` each on a
 * descriptor held open until `close()`): sync I/O never yields to the event loop, so it cannot
 * reorder actors on a VirtualClock. Without a file the writer keeps events in memory only (tests,
 * dry runs); it always keeps them in memory. An event appended after `close()` is appended to the
 * file by name.
 */
import { appendFileSync, closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { HeaderEvent, Trace, TraceEvent } from '../formats/run/index.js';

export class TraceWriter {
  readonly file: string | undefined;
  readonly header: HeaderEvent;
  private readonly list: TraceEvent[] = [];
  private fd = -1;

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
    const bytes = Buffer.from(line, 'utf8');
    for (let at = 0; at < bytes.length; ) at += writeSync(this.fd, bytes, at);
  }

  /** Lets go of the file (before it is renamed into place); idempotent. */
  close(): void {
    if (this.fd < 0) return;
    const fd = this.fd;
    this.fd = -1;
    closeSync(fd);
  }

  events(): readonly TraceEvent[] {
    return this.list;
  }

  trace(): Trace {
    return { header: this.header, events: [...this.list] };
  }
}
