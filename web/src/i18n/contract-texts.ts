/**
 * Texts the contracts define and the app shows as they are (the task categories): listed here with `msg` so
 * the catalogue tooling knows them and the Spanish catalogue translates them (`t(category)` where shown).
 * contract-texts.test.ts fails when the contracts gain a value this list lacks.
 */
import type { TaskCategory } from '@app/contracts';
import { msg } from './i18n';

export const TASK_CATEGORY_TEXTS: Readonly<Record<TaskCategory, string>> = {
  'Ideation & Market Research': msg('Ideation & Market Research'),
  'Team & Legal Structure': msg('Team & Legal Structure'),
  'MVP & Product Development': msg('MVP & Product Development'),
  'Funding & Finance': msg('Funding & Finance'),
  'Launch & Marketing': msg('Launch & Marketing'),
};
