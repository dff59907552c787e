/** The command registry: one line per command file. */
import type { Command } from 'commander';
import { register as list } from './list.js';
import { register as trial } from './trial.js';

export type Register = (program: Command) => void;

export const COMMANDS: Register[] = [list, trial];
