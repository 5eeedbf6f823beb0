// The venture form's texts in Spanish (issue 21); its English and its behaviour are covered by the browser
// tests (web/e2e).
import { jest } from '@jest/globals';
import { Form } from 'antd';
import { activateLanguage } from '../../../i18n/i18n';
import { renderStatic, textOf } from '../../../testing/static-render';
import type { VentureFormValues } from '../venture-messages';

// The unit tests run without a bundler: the form's stylesheet is nothing to them.
jest.unstable_mockModule('./venture-form.css', () => ({}));
const { VentureForm } = await import('./venture-form');

function DialogForm({ blurb }: { blurb: string }) {
  const [form] = Form.useForm<VentureFormValues>();
  return (
    <VentureForm
      name="edit-venture"
      form={form}
      variant="dialog"
      initialValues={{ name: 'Tidal Labs', blurb, timeZone: 'UTC', targetLaunchDate: null }}
      submitLabel="Guardar cambios"
      pending={false}
      onSubmit={() => Promise.resolve()}
    />
  );
}

describe('the venture form in Spanish (issue 21)', () => {
  beforeEach(() => activateLanguage('es', false));
  afterEach(() => activateLanguage('en', false));

  it('labels the venture form’s fields in Spanish and counts the description down near the limit', () => {
    const text = textOf(renderStatic(<DialogForm blurb={'x'.repeat(139)} />));
    expect(text).toContain('Nombre del emprendimiento');
    expect(text).toContain('Descripción breve');
    expect(text).toContain('Zona horaria');
    expect(text).toContain('Fecha de lanzamiento prevista');
    expect(text).toContain('Te queda 1 carácter');
  });
});
