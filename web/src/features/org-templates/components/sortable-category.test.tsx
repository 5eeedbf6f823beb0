import type { OrgTemplateTask } from '@app/contracts';
import { activateLanguage } from '../../../i18n/i18n';
import { renderStatic, textOf } from '../../../testing/static-render';
import { SortableCategory } from './sortable-category';

const LEGAL = 'Team & Legal Structure';
const task = (key: string, title: string, change: Partial<OrgTemplateTask> = {}): OrgTemplateTask => ({
  key,
  taskId: null,
  category: LEGAL,
  title,
  description: '',
  hidden: false,
  guide: null,
  ...change,
});

const tasks = [
  task('master-11', 'Choose a legal structure'),
  task('master-12', 'Sign a founders agreement', { hidden: true }),
  task('custom-1', 'Book a session with our legal clinic', {
    guide: { why: 'Why', practices: ['Do'], proTip: '', localResources: '' },
  }),
];

const render = () =>
  renderStatic(
    <SortableCategory
      category={LEGAL}
      tasks={tasks}
      onMove={() => {}}
      onEdit={() => {}}
      onToggleHidden={() => {}}
    />,
  );

const buttonTag = (html: string, label: string) =>
  new RegExp(`<button[^>]*aria-label="${label}"[^>]*>`).exec(html)?.[0] ?? '';

describe('a category of the template editor', () => {
  it('names the category with the number of tasks shown, and marks hidden and added tasks in words', () => {
    const text = textOf(render());
    expect(text).toContain('Team &amp; Legal Structure (2 shown)');
    expect(text).toContain('Sign a founders agreement Hidden');
    expect(text).toContain('Book a session with our legal clinic Added by you');
  });

  it('offers a drag handle and Move up / Move down for every task, disabled at the ends of the list', () => {
    const html = render();
    expect(buttonTag(html, 'Reorder Choose a legal structure')).not.toBe('');
    expect(buttonTag(html, 'Move up Choose a legal structure')).toContain('disabled');
    expect(buttonTag(html, 'Move down Choose a legal structure')).not.toContain('disabled');
    expect(buttonTag(html, 'Move down Book a session with our legal clinic')).toContain('disabled');
  });

  it('a hidden task offers Show (pressed), a shown one Hide', () => {
    const html = render();
    expect(buttonTag(html, 'Show Sign a founders agreement')).toContain('aria-pressed="true"');
    expect(buttonTag(html, 'Hide Choose a legal structure')).toContain('aria-pressed="false"');
  });

  describe('in Spanish (issue 21)', () => {
    beforeEach(() => activateLanguage('es', false));
    afterEach(() => activateLanguage('en', false));

    it('names the category, the marks and the buttons in Spanish, the tasks as they are', () => {
      const html = render();
      const text = textOf(html);
      expect(text).toContain('Equipo y estructura legal (2 visibles)');
      expect(text).toContain('Sign a founders agreement Oculta');
      expect(text).toContain('Book a session with our legal clinic Agregada por ti');
      expect(buttonTag(html, 'Reordenar Choose a legal structure')).not.toBe('');
      expect(buttonTag(html, 'Mostrar Sign a founders agreement')).toContain('aria-pressed="true"');
    });
  });
});
