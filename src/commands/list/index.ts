/** The library side of `bench list`: load, describe, render (text or JSON). */
import { InputError } from '../../errors.js';
import { formatGoldenRows, formatSeatRows, goldenRows, seatRows } from '../../formats/list.js';
import { loadConfig, loadGoldens, loadSeats } from '../../formats/load.js';
import { TWIN_KINDS, withTwins } from '../../formats/twins/index.js';
import { resolveGoldens, resolveSeats } from '../resolve.js';

export interface ListOptions {
  json?: boolean;
  config?: string;
  /** Goldens: each followed by its twins of every kind (docs/twins.md). */
  twins?: boolean;
  env?: Record<string, string | undefined>;
  /** The terminal's columns: the goldens' title and tags wrap to fit. */
  width?: number;
}

/**
 * Returns the text to print. `paths` are references as every command takes them (commands/resolve.ts:
 * paths, ids, globs, `tag:<t>`); they default to the config's goldens or seats folders.
 */
export function listCommand(what: string, paths: string[], opts: ListOptions = {}): string {
  if (what !== 'goldens' && what !== 'seats') {
    throw new InputError(`bench list: unknown kind "${what}" (goldens or seats)`);
  }
  const { config } = loadConfig(opts.config);
  if (what === 'goldens') {
    const goldens = paths.length ? resolveGoldens(paths, config) : loadGoldens(config.goldens);
    const rows = goldenRows(opts.twins ? withTwins(goldens, TWIN_KINDS) : goldens);
    return opts.json ? JSON.stringify(rows, null, 2) : formatGoldenRows(rows, opts.width);
  }
  const rows = seatRows(
    paths.length ? resolveSeats(paths, config) : loadSeats(config.seats),
    opts.env ?? process.env,
  );
  return opts.json ? JSON.stringify(rows, null, 2) : formatSeatRows(rows);
}
