import { afterAll, describe, expect, it } from '@jest/globals';
import { TASK_CATEGORIES } from '@app/contracts';
import { TASK_CATEGORY_TEXTS } from './contract-texts';
import { activateLanguage, translate } from './i18n';

describe('the contracts’ texts shown in the app', () => {
  afterAll(() => activateLanguage('en', false));

  it('list every task category, each with a Spanish name', async () => {
    expect(Object.keys(TASK_CATEGORY_TEXTS).sort()).toEqual([...TASK_CATEGORIES].sort());
    await activateLanguage('es', false);
    for (const category of TASK_CATEGORIES) expect(translate(category)).not.toBe(category);
  });
});
