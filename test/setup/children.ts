/**
 * Setup file of every test file: children tracked outside a test (test/children.ts) are stopped
 * after the file, after its own `afterAll` hooks (this one is registered first, so it runs last).
 */
import { afterAll } from 'vitest';
import { stopAll } from '../children.js';

afterAll(() => stopAll(), 30_000);
