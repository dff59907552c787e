/** The command registry: one line per command file. */
import type { Command } from 'commander';

export type Register = (program: Command) => void;

export const COMMANDS: Register[] = [];
