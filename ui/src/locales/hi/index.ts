import { collect } from '../../lib/i18n/collect';

export default collect(import.meta.glob('./*.json', { eager: true, import: 'default' }));
