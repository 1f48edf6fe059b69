export type { Resource } from '../../lib/app-config';
