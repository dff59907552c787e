/**
 * The config's `assert:` rules judged on a scorecard: what each rule is about, and the paired gate
 * effects they test.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { type AssertMatrix, type AssertOptions, judgeAssertions } from './assertions.js';
