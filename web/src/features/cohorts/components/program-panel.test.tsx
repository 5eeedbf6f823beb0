import type { VentureDetail } from '@app/contracts';
import { activateLanguage } from '../../../i18n/i18n';
import { renderStatic, textOf } from '../../../testing/static-render';
import { ProgramPanel } from './program-panel';

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
  template: null,
};

describe('the program panel on the venture page (issue 18)', () => {
  it('shows its owners the program, what it sees and how to leave', () => {
    const text = textOf(renderStatic(<ProgramPanel venture={venture} />));
    expect(text).toContain('Program: Spring cohort · Harbour Accelerator');
    expect(text).toContain('Full roadmap');
    expect(text).toContain('Progress only');
    expect(text).toContain('Leave program');
  });

  it('shows nothing to a co-founder who is not an owner, nor on a venture in no program', () => {
    expect(textOf(renderStatic(<ProgramPanel venture={{ ...venture, role: 'editor' }} />))).toBe('');
    expect(textOf(renderStatic(<ProgramPanel venture={{ ...venture, program: null }} />))).toBe('');
  });

  it('tells program staff they read it, and that the tasks are hidden when the founders share progress only', () => {
    const staff = {
      ...venture,
      role: 'viewer' as const,
      staffAccess: { kind: 'mentor' as const, canComment: false, canVerify: false, tasksVisible: false },
    };
    const text = textOf(renderStatic(<ProgramPanel venture={staff} />));
    expect(text).toContain('You are viewing this venture as a mentor in Spring cohort.');
    expect(text).toContain('Its founders share their progress only: the tasks are not shown.');
    expect(text).not.toContain('Leave program');
  });

  describe('in Spanish (issue 21)', () => {
    afterEach(() => activateLanguage('en'));

    it('tells owners and staff the same in Spanish', async () => {
      await activateLanguage('es');
      const owner = textOf(renderStatic(<ProgramPanel venture={venture} />));
      expect(owner).toContain('Programa: Spring cohort · Harbour Accelerator');
      expect(owner).toContain('Hoja de ruta completa');
      expect(owner).toContain('Salir del programa');
      const staff = textOf(
        renderStatic(
          <ProgramPanel
            venture={{
              ...venture,
              role: 'viewer',
              staffAccess: { kind: 'mentor', canComment: false, canVerify: false, tasksVisible: true },
            }}
          />,
        ),
      );
      expect(staff).toContain('Estás viendo este emprendimiento como mentor en Spring cohort.');
      expect(staff).toContain('Para ti es de solo lectura.');
    });
  });
});
