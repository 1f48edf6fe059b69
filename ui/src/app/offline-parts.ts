import { lazy } from 'react';
import { PATHS } from '../lib/route-paths';
import type { OfflineParts } from '../components/vault/offline-writing';

// The screens' own offline forms and intakes (docs/vault.md, "Writing offline"), each in its screen's chunk:
// fetched only when she writes offline or when something written offline comes in.
const moodPart = () => import('../features/mood/offline-mood');
const incidentPart = () => import('../features/incidents/offline-incident');

export const OFFLINE_PARTS: OfflineParts = {
  forms: {
    [PATHS.mood]: lazy(moodPart),
    [PATHS.incidents]: lazy(incidentPart),
  },
  intakes: {
    mood: async (vault, item) => (await moodPart()).moodIntake(vault, item),
    incident: async (vault, item) => (await incidentPart()).incidentIntake(vault, item),
  },
};
