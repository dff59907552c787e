export type { Source } from '../spec/vocabulary.js';
