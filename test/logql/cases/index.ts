/** Every conformance case, grouped in the sections `npm run conformance:logql` reports. */
import { BINARY_CASES } from './binary.js';
import { FORMAT_CASES } from './formats.js';
import { IP_CASES } from './ip.js';
import { LABEL_FILTER_CASES } from './label-filters.js';
import { LINE_FILTER_CASES } from './line-filters.js';
import { LOKI_SOURCE_CASES } from './loki-source.js';
import { METRIC_CASES } from './metric.js';
import { PARSER_CASES } from './parsers.js';
import { SELECTOR_CASES } from './selectors.js';
import { TEMPLATE_CASES } from './template-functions.js';
import { TEMPLATE_GO_CASES } from './template-go.js';
import type { Case } from './types.js';

/** Section name → its cases, in report order. */
export const SECTIONS: Readonly<Record<string, readonly Case[]>> = {
  selectors: SELECTOR_CASES,
  'line-filters': LINE_FILTER_CASES,
  'label-filters': LABEL_FILTER_CASES,
  ip: IP_CASES,
  parsers: PARSER_CASES,
  formats: FORMAT_CASES,
  templates: TEMPLATE_CASES,
  'templates-go': TEMPLATE_GO_CASES,
  metric: METRIC_CASES,
  binary: BINARY_CASES,
  'loki-source': LOKI_SOURCE_CASES,
};

export const ALL_CASES: Case[] = Object.values(SECTIONS).flat();
