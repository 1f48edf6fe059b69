import { collect } from '../collect';

export default collect(import.meta.glob('./*.json', { eager: true, import: 'default' }));
