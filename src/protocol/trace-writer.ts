/**
 * The trace recorder. Events are appended synchronously as they happen (`appendFileSync`): sync
 * I/O never yields to the event loop, so it cannot reorder actors on a VirtualClock. Without a
 * file the writer keeps events in memory only (tests, dry runs); it always keeps them in memory.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { HeaderEvent, Trace, TraceEvent } from '../formats/run/index.js';

export class TraceWriter {
  readonly file: string | undefined;
  readonly header: HeaderEvent;
  private readonly list: TraceEvent[] = [];

  /** Writes the header line at once; an existing file is replaced (a rerun rewrites its trace). */
  constructor(opts: { header: HeaderEvent; file?: string }) {
    this.header = opts.header;
    this.file = opts.file;
    this.list.push(opts.header);
    if (this.file) {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(this.file, `${JSON.stringify(opts.header)}\n`);
    }
  }

  append(event: TraceEvent): void {
    this.list.push(event);
    if (this.file) appendFileSync(this.file, `${JSON.stringify(event)}\n`);
  }

  events(): readonly TraceEvent[] {
    return this.list;
  }

  trace(): Trace {
    return { header: this.header, events: [...this.list] };
  }
}
