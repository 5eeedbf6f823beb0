import fc from 'fast-check';
import { TASK_STATUSES } from '../task-status.ts';
import { openPrerequisitesFromDetails } from '../values/prerequisites.ts';
import { prerequisitesOpenDetailsSchema } from './venture.ts';

/*
 * The web app reads a 409 TASK.PREREQUISITES_OPEN's details with the zod-free `openPrerequisitesFromDetails`
 * (values/prerequisites.ts), so the roadmap does not load zod for it: it must read exactly what the
 * contract's schema reads.
 */
describe('openPrerequisitesFromDetails (the 409 details, read without zod)', () => {
  /** What the contract's schema reads from the same details. */
  const bySchema = (details: unknown) => {
    const parsed = prerequisitesOpenDetailsSchema.safeParse(details);
    return parsed.success ? parsed.data.openPrerequisites : null;
  };

  it('reads the details the venture service sends, dropping keys the contract does not name', () => {
    const details = {
      openPrerequisites: [
        { id: 'a', title: 'Incorporate', status: 'in_progress', extra: 1 },
        { id: 'b', title: 'Open a bank account', status: 'todo' },
      ],
    };
    expect(openPrerequisitesFromDetails(details)).toEqual([
      { id: 'a', title: 'Incorporate', status: 'in_progress' },
      { id: 'b', title: 'Open a bank account', status: 'todo' },
    ]);
    expect(openPrerequisitesFromDetails(details)).toEqual(bySchema(details));
  });

  it('answers null for anything else: no details, a wrong shape, an unknown status', () => {
    for (const details of [
      undefined,
      null,
      'open',
      [],
      {},
      { openPrerequisites: {} },
      { openPrerequisites: [null] },
      { openPrerequisites: [['a', 'A', 'todo']] },
      { openPrerequisites: [{ id: 'a', title: 'A', status: 'waiting' }] },
      { openPrerequisites: [{ id: 1, title: 'A', status: 'todo' }] },
    ]) {
      expect({ details, read: openPrerequisitesFromDetails(details) }).toEqual({ details, read: null });
      expect(bySchema(details)).toBeNull();
    }
  });

  it('agrees with the contract’s schema on arbitrary input (seeded)', () => {
    const item = fc.record(
      {
        id: fc.oneof(fc.string(), fc.integer()),
        title: fc.oneof(fc.string(), fc.constant(null)),
        status: fc.oneof(fc.constantFrom(...TASK_STATUSES), fc.string()),
        note: fc.string(),
      },
      { requiredKeys: [] },
    );
    const details = fc.oneof(
      fc.record({ openPrerequisites: fc.array(item, { maxLength: 4 }) }),
      fc.record({ openPrerequisites: fc.anything() }),
      fc.anything(),
    );
    fc.assert(
      fc.property(details, (value) => {
        expect(openPrerequisitesFromDetails(value)).toEqual(bySchema(value));
      }),
      { seed: 20_261_127, numRuns: 500 },
    );
  });
});
