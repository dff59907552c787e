/**
 * A captured world moved out of golden.yaml into gzipped data files beside it (docs/goldens.md,
 * "Data files"): each `load` block's series lines into `metrics-<i>.txt.gz`, each stream's lines into
 * `logs-<i>.jsonl.gz`. The YAML then stays small whatever the window, and the loader's 4 MiB YAML
 * cap bounds only what people write by hand. gzip's header carries no time here, so the same
 * capture writes the same bytes (the run's input hashes see the folder).
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The world as golden-doc.ts writes it inline. */
export interface InlineWorld {
  metrics: Record<string, unknown>[];
  logs: {
    stream: Record<string, string>;
    lines: { at: string; line: string; metadata?: Record<string, string> }[];
  }[];
}

const write = (dir: string, name: string, text: string) => {
  writeFileSync(join(dir, name), gzipSync(Buffer.from(text, 'utf8')));
};

/** The world with its data written to files in `dir` and referenced by `file`. */
export function writeDataFiles(world: InlineWorld, dir: string): Record<string, unknown> {
  const metrics = world.metrics.map((b, i) => {
    const { series, ...rest } = b;
    if (typeof series !== 'string') return b;
    const name = `metrics-${i + 1}.txt.gz`;
    write(dir, name, series);
    return { ...rest, file: name };
  });
  const logs = world.logs.map((b, i) => {
    const name = `logs-${i + 1}.jsonl.gz`;
    write(dir, name, b.lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
    return { stream: b.stream, file: name };
  });
  return { metrics, logs };
}

const OURS = /^(metrics-\d+\.txt|logs-\d+\.jsonl)\.gz$/;

/**
 * Data files an earlier capture wrote into `dir`: a new capture names fewer or none, and a file no
 * block names would still be hashed with the folder as one of the golden's inputs.
 */
export function removeOldDataFiles(dir: string): void {
  for (const f of readdirSync(dir)) if (OURS.test(f)) rmSync(join(dir, f));
}
