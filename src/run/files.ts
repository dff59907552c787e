/** Crash-safe writes: a reader sees the old file or the new one, never half of either. */
import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';

export function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/** Append one line and fsync it before returning: after a `kill -9` the line is there or absent. */
export function appendLineSync(file: string, line: string): void {
  const fd = openSync(file, 'a');
  try {
    writeSync(fd, `${line}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
