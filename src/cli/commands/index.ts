/** The command registry: one line per command file. */
import type { Command } from 'commander';
import { register as capture } from './capture.js';
import { register as diff } from './diff.js';
import { register as exportCommand } from './export.js';
import { register as list } from './list.js';
import { register as mcp } from './mcp.js';
import { register as merge } from './merge.js';
import { register as newCommand } from './new.js';
import { register as plan } from './plan.js';
import { register as replay } from './replay.js';
import { register as report } from './report.js';
import { register as run } from './run.js';
import { register as score } from './score.js';
import { register as serve } from './serve.js';
import { register as show } from './show.js';
import { register as trial } from './trial.js';
import { register as validate } from './validate.js';
import { register as view } from './view.js';

export type Register = (program: Command) => void;

export const COMMANDS: Register[] = [
  list,
  trial,
  show,
  run,
  plan,
  score,
  diff,
  merge,
  replay,
  report,
  view,
  serve,
  validate,
  mcp,
  capture,
  newCommand,
  exportCommand,
];
