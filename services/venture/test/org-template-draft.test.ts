import { describe, expect, it } from '@jest/globals';
import type { OrgTemplateTask } from '@app/contracts';
import type { AppError } from '@app/common';
import {
  customIdsOf,
  masterTemplateTasks,
  normalizeDraft,
  withCurrentMaster,
} from '../src/domain/org-templates.ts';
import type { TaskTemplateRecord } from '../src/domain/venture.ts';

const LEGAL = 'Team & Legal Structure';
const master: TaskTemplateRecord[] = [1, 2, 3].map((id) => ({
  id,
  title: `Master ${id}`,
  description: `About ${id}`,
  category: LEGAL,
  createdAt: new Date('2026-01-01T00:00:00Z'),
}));

const view = (id: number, change: Partial<OrgTemplateTask> = {}): OrgTemplateTask => ({
  key: `master-${id}`,
  taskId: id,
  category: LEGAL,
  title: `Master ${id}`,
  description: `About ${id}`,
  hidden: false,
  guide: null,
  ...change,
});

const clinic: OrgTemplateTask = {
  key: 'custom-1',
  taskId: 42,
  category: LEGAL,
  title: 'Book a session with our legal clinic',
  description: '',
  hidden: false,
  guide: {
    why: 'Early advice saves rework.',
    practices: ['Bring your cap table'],
    proTip: '',
    localResources: '',
  },
};

const noIds = new Map<string, number>();
let next = 1_000_000;
const allocate = async (count: number) => Array.from({ length: count }, () => next++);

async function refusal(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; status: number }> {
  try {
    await promise;
  } catch (error) {
    const { code, message, status } = error as AppError;
    return { code, message, status };
  }
  throw new Error('expected a refusal');
}

describe('the draft rules of an organization template', () => {
  it('text equal to the master task is stored as null, so a corrected master text still reaches it', async () => {
    const draft = await normalizeDraft(
      [view(1), view(2, { title: 'Renamed' }), view(3)],
      master,
      noIds,
      allocate,
    );
    expect(draft[0]).toMatchObject({ title: null, description: null });
    expect(draft[1]).toMatchObject({ title: 'Renamed', description: null });
  });

  it('a new custom task gets a fresh id whatever id the client sent; a known key keeps its id', async () => {
    const [fresh] = (await normalizeDraft([view(1), clinic], master, noIds, allocate)).filter((t) =>
      t.key.startsWith('custom-'),
    );
    expect(fresh!.taskId).toBeGreaterThanOrEqual(1_000_000);
    expect(fresh!.taskId).not.toBe(42);
    const again = await normalizeDraft([clinic], master, customIdsOf([[fresh!]]), allocate);
    expect(again.find((t) => t.key === 'custom-1')!.taskId).toBe(fresh!.taskId);
  });

  it('master tasks left out of the draft are kept (at the end, visible): a task is hidden, never deleted', async () => {
    const draft = await normalizeDraft([view(2), view(1, { hidden: true })], master, noIds, allocate);
    expect(draft.map((t) => [t.key, t.hidden])).toEqual([
      ['master-2', false],
      ['master-1', true],
      ['master-3', false],
    ]);
  });

  it('an empty guide override of a master task is no override', async () => {
    const empty = { why: '', practices: [], proTip: '', localResources: '' };
    const [first] = await normalizeDraft([view(1, { guide: empty })], master, noIds, allocate);
    expect(first!.guide).toBeNull();
  });

  it('refuses a key twice, an unknown master task, a custom task outside the five categories or without a guide', async () => {
    expect(await refusal(normalizeDraft([view(1), view(1)], master, noIds, allocate))).toEqual({
      code: 'TEMPLATE.INVALID',
      message: 'Task master-1 appears twice',
      status: 400,
    });
    expect(
      (await refusal(normalizeDraft([view(1, { key: 'master-99' })], master, noIds, allocate))).message,
    ).toBe('“Master 1” is not a task of the master list');
    expect(
      (await refusal(normalizeDraft([{ ...clinic, category: 'General' }], master, noIds, allocate))).message,
    ).toBe('“Book a session with our legal clinic”: choose one of the five categories');
    expect(
      (
        await refusal(
          normalizeDraft(
            [{ ...clinic, guide: { ...clinic.guide!, practices: [] } }],
            master,
            noIds,
            allocate,
          ),
        )
      ).message,
    ).toBe('“Book a session with our legal clinic” needs a guide: why it matters and at least one practice');
  });

  it('refuses a draft whose every task is hidden', async () => {
    const hidden = [1, 2, 3].map((id) => view(id, { hidden: true }));
    expect((await refusal(normalizeDraft(hidden, master, noIds, allocate))).message).toBe(
      'At least one task must stay visible',
    );
  });

  it('a stored template gets the master tasks added since and loses those an administrator deleted', () => {
    const stored = masterTemplateTasks(master.slice(0, 2));
    const current = [master[1]!, master[2]!];
    expect(withCurrentMaster(stored, current).map((t) => t.key)).toEqual(['master-2', 'master-3']);
  });
});
