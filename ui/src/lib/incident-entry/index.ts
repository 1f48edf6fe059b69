// First, so that every module of the shelf finds its English texts when it runs.
import './english';
/** What an incident entry is and how it reads, for her log and for the advocate she shares it with. */
export { whenText, type IncidentContent } from './content';
export { ABUSE_KINDS, type AbuseKind } from './kinds';
export { builtInKinds, KIND_LABELS, kindLabel } from './kind-labels';
export { readConfig } from './config-read';
export { parseCategories, useCategories, type Category } from './use-categories';
