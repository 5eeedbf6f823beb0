import type { VentureDetail } from '@app/contracts';
import { renderStatic, textOf } from '../../../testing/static-render';
import { TemplateUpdateNotice } from './template-update-notice';

const venture: VentureDetail = {
  id: '65f0c0ffee00000000000001',
  name: 'Tidal Labs',
  blurb: '',
  createdAt: '2026-11-01T00:00:00.000Z',
  userId: '65f0c0ffee0000000000beef',
  progress: { percentage: 0, total: 0, completed: 0, inProgress: 0, blocked: 0, todo: 0, categories: [] },
  role: 'owner',
  timeZone: 'UTC',
  targetLaunchDate: null,
  tasks: [],
  members: [],
  program: {
    programId: '65f0c0ffee00000000000abc',
    programName: 'Spring cohort',
    organizationName: 'Harbour Accelerator',
    visibility: 'full',
  },
  staffAccess: null,
  template: { organizationId: '65f0c0ffee00000000000def', version: 1, availableVersion: 2 },
};

describe('the newer template version notice on the venture page (issue 18)', () => {
  it('tells the owner a newer version of the program’s template is available, with Review changes', () => {
    const text = textOf(renderStatic(<TemplateUpdateNotice venture={venture} />));
    expect(text.replace(/&#x27;/g, "'")).toContain(
      "A newer version of Spring cohort's roadmap template is available (version 2).",
    );
    expect(text).toContain('Review changes');
  });

  it('shows nothing to an editor, nor when the roadmap follows the version its program pins', () => {
    expect(textOf(renderStatic(<TemplateUpdateNotice venture={{ ...venture, role: 'editor' }} />))).toBe('');
    const current = { ...venture, template: { ...venture.template!, availableVersion: null } };
    expect(textOf(renderStatic(<TemplateUpdateNotice venture={current} />))).toBe('');
  });
});
