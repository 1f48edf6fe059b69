// The kinds' texts sit on the shared shelf, which the advocates' area reads too.
export { KIND_LABELS, kindLabel } from '../../lib/incident-entry';
