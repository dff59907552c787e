/**
 * The agent shapes the host runs: single-agent ReAct and hierarchical ReAcTree.
 * This index is the part's one door: code outside the folder imports it from here only.
 */
export { runReact } from './react.js';
export { runReactree } from './reactree.js';
