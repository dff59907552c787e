/** Every documented conformance case, in the order of docs/logql-conformance.md. */
import { BINARY_CASES } from './binary.js';
import { FORMAT_CASES } from './formats.js';
import { LABEL_FILTER_CASES } from './label-filters.js';
import { LINE_FILTER_CASES } from './line-filters.js';
import { METRIC_CASES } from './metric.js';
import { PARSER_CASES } from './parsers.js';
import { SELECTOR_CASES } from './selectors.js';
import { TEMPLATE_CASES } from './template-functions.js';
import type { Case } from './types.js';

export const ALL_CASES: Case[] = [
  ...SELECTOR_CASES,
  ...LINE_FILTER_CASES,
  ...LABEL_FILTER_CASES,
  ...PARSER_CASES,
  ...FORMAT_CASES,
  ...TEMPLATE_CASES,
  ...METRIC_CASES,
  ...BINARY_CASES,
];
