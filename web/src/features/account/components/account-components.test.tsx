// What the account page's parts show for given data (the interactions are covered by web/e2e/account.spec.ts).
import { activateLanguage } from '../../../i18n/i18n';
import { sessionUserFixture } from '../../../testing/fixtures';
import { renderStatic as render, textOf } from '../../../testing/static-render';
import { DeleteAccountSection } from './delete-account-section';
import { DownloadDataSection } from './download-data-section';
import { LanguageSection } from './language-section';
import { ProfileCard } from './profile-card';

const user = sessionUserFixture({
  username: 'ada@example.com',
  firstName: 'Ada',
  jobTitle: 'Founder',
  department: '',
  phoneNumber: '+1 555 010 2030',
  createdAt: new Date(2025, 0, 9, 12).toISOString(),
});

describe('Delete Account', () => {
  it('when the user is an administrator, then the button is disabled and the note says to contact the system administrator', () => {
    const html = render(<DeleteAccountSection isAdmin username={user.username} />);
    expect(html).toMatch(/<button(?=[^>]*aria-describedby="admin-delete-note")(?=[^>]*disabled="")[^>]*>/);
    expect(textOf(html)).toContain(
      'Administrator accounts cannot be deleted here. Please contact the system administrator to delete this account.',
    );
  });

  it('when the user is not an administrator, then the button is enabled and there is no note', () => {
    const html = render(<DeleteAccountSection isAdmin={false} username={user.username} />);
    expect(html).not.toMatch(/<button[^>]*disabled=""/);
    expect(textOf(html)).not.toContain('contact the system administrator');
  });
});

describe('Profile Information', () => {
  it('shows the e-mail, Member Since in US short form, and only the fields that are set', () => {
    const text = textOf(render(<ProfileCard user={user} />));
    expect(text).toContain('Email ada@example.com');
    expect(text).toContain('Member Since 1/9/2025');
    expect(text).toContain('First name Ada');
    expect(text).toContain('Job title Founder');
    expect(text).toContain('Phone number +1 555 010 2030');
    expect(text).not.toContain('Last name');
    expect(text).not.toContain('Department');
  });
});

describe('Your Data', () => {
  it('"Download my data" is a download link to the account export, explained in one line', () => {
    const html = render(<DownloadDataSection />);
    expect(html).toMatch(/<a(?=[^>]*href="\/api\/user\/export")(?=[^>]*download="")[^>]*>/);
    expect(html).toMatch(/<a(?=[^>]*aria-describedby="download-data-hint")[^>]*>/);
    const text = textOf(html);
    expect(text).toContain('Download my data');
    expect(text).toContain('every venture you are a member of');
  });
});

describe('in Spanish (issue 21)', () => {
  beforeAll(() => activateLanguage('es', false));
  afterAll(() => activateLanguage('en', false));

  it('shows the profile with Spanish labels and the date in the Spanish short form', () => {
    const text = textOf(render(<ProfileCard user={user} />));
    expect(text).toContain('Información del perfil');
    expect(text).toContain('Correo electrónico ada@example.com');
    expect(text).toContain('Miembro desde 9/1/2025');
    expect(text).toContain('Cargo Founder');
    expect(text).toContain('Editar perfil');
  });

  it('asks for the confirmation word in Spanish, keeping the word itself', () => {
    const text = textOf(render(<DeleteAccountSection isAdmin username={user.username} />));
    expect(text).toContain('Eliminar cuenta');
    expect(text).toContain('Las cuentas de administrador no se pueden eliminar aquí.');
  });

  it('offers each language in its own name', () => {
    const html = render(<LanguageSection language="es" />);
    expect(textOf(html)).toContain('Idioma');
    expect(textOf(html)).toContain('El idioma de la aplicación y de los correos que te enviamos.');
    expect(html).toContain('Español');
  });
});
