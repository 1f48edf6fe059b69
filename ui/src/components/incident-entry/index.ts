// First, so that the entry finds its English texts when it runs.
import './english';
/** How an incident entry reads on screen, in her log and for the advocate she shares it with. */
export { EntryDetails } from './entry-details';
