import { ORGANIZATION_PLAN_LABELS } from '@app/contracts';
import { activateLanguage } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import {
  changedFields,
  colorProblem,
  emptyOrganizationValues,
  logoUrlProblem,
  nameProblem,
  serverFieldErrors,
  slugFromName,
  slugProblem,
  valuesToInput,
} from './organization-form';
import { PLAN_NAMES } from './components/organization-fields';

describe('organization slugs (lowercase and URL-safe)', () => {
  it.each(['acme', 'acme-labs', 'uni-2026', 'a1'])('when the slug is %p, then it is accepted', (slug) => {
    expect(slugProblem(slug)).toBeNull();
  });

  it.each([
    ['', 'Slug is required'],
    ['a', 'Slug must be at least 2 characters'],
    ['Acme', 'Slug may contain only lowercase letters, digits and single hyphens between them'],
    ['acme labs', 'Slug may contain only lowercase letters, digits and single hyphens between them'],
    ['acme--labs', 'Slug may contain only lowercase letters, digits and single hyphens between them'],
    ['-acme', 'Slug may contain only lowercase letters, digits and single hyphens between them'],
    ['acme/../x', 'Slug may contain only lowercase letters, digits and single hyphens between them'],
    ['a'.repeat(65), 'Slug must be at most 64 characters'],
  ])('when the slug is %p, then it is refused with %p', (slug, message) => {
    expect(slugProblem(slug)).toBe(message);
  });

  it('when a slug is suggested from a name, then it follows the slug rule', () => {
    expect(slugFromName('Acme Labs & Co.')).toBe('acme-labs-co');
    expect(slugFromName('  Université de Génève  ')).toBe('universite-de-geneve');
    expect(slugProblem(slugFromName('The  --  Big Accelerator 2026!'))).toBeNull();
    expect(slugFromName('x'.repeat(70)).length).toBe(64);
  });
});

describe('organization colours, name and logo', () => {
  it('when a colour is #RRGGBB, then it is accepted; anything else is refused with the field named', () => {
    expect(colorProblem('Primary colour', '#0f172a')).toBeNull();
    expect(colorProblem('Primary colour', 'blue')).toBe('Primary colour must be a colour like #3B82F6');
    expect(colorProblem('Secondary colour', '#12345')).toBe('Secondary colour must be a colour like #3B82F6');
  });

  it('when the name is blank or one letter, then it is refused', () => {
    expect(nameProblem('  ')).toBe('Name is required');
    expect(nameProblem('A')).toBe('Name must be at least 2 characters');
    expect(nameProblem('Acme')).toBeNull();
  });

  it('when the logo is not an http(s) address, then it is refused; blank means no logo', () => {
    expect(logoUrlProblem('')).toBeNull();
    expect(logoUrlProblem('https://example.com/logo.png')).toBeNull();
    expect(logoUrlProblem('javascript:alert(1)')).toBe('Logo URL must be an http or https address');
    expect(logoUrlProblem('example.com/logo.png')).toBe('Logo URL must be an http or https address');
  });
});

describe('the organization payload', () => {
  it('when a new organization is started, then the spec’s default colours and Active are preset', () => {
    expect(emptyOrganizationValues()).toMatchObject({
      primaryColor: '#0F172A',
      secondaryColor: '#3B82F6',
      isActive: true,
      plan: 'free',
    });
  });

  it('when the form is sent, then text is trimmed, blanks become null and colours upper case', () => {
    expect(
      valuesToInput({
        name: '  Acme  ',
        slug: ' acme ',
        logoUrl: '  ',
        primaryColor: '#aa00ff',
        secondaryColor: '#00FF00',
        description: '',
        isActive: false,
        plan: 'enterprise',
      }),
    ).toEqual({
      name: 'Acme',
      slug: 'acme',
      logoUrl: null,
      primaryColor: '#AA00FF',
      secondaryColor: '#00FF00',
      description: null,
      isActive: false,
      plan: 'enterprise',
    });
  });

  it('when an organization is edited, then only the changed fields are sent', () => {
    const before = valuesToInput({ ...emptyOrganizationValues(), name: 'Acme', slug: 'acme' });
    const after = { ...before, primaryColor: '#112233', description: 'Hello', plan: 'enterprise' as const };
    expect(changedFields(before, after)).toEqual({
      primaryColor: '#112233',
      description: 'Hello',
      plan: 'enterprise',
    });
    expect(changedFields(before, before)).toEqual({});
  });

  it('when the server answers validation errors, then each lands on its field', () => {
    const error = new ApiError(
      400,
      'Invalid request',
      {
        message: 'Invalid request',
        validationErrors: [
          { path: ['slug'], message: 'An organization with this slug already exists' },
          { path: ['primaryColor'], message: 'Primary colour must be a colour like #3B82F6' },
          { path: ['unknown'], message: 'ignored' },
        ],
      },
      'Invalid request',
    );
    expect(serverFieldErrors(error)).toEqual([
      { name: 'slug', errors: ['An organization with this slug already exists'] },
      { name: 'primaryColor', errors: ['Primary colour must be a colour like #3B82F6'] },
    ]);
    expect(serverFieldErrors(new Error('x'))).toEqual([]);
  });
});

describe('organization form problems in Spanish (issue 21)', () => {
  afterEach(() => activateLanguage('en'));

  it('names the plans in English exactly as the contracts do', () => {
    expect(PLAN_NAMES).toEqual(ORGANIZATION_PLAN_LABELS);
  });

  it('name the problem in Spanish, limits and field names filled in', async () => {
    await activateLanguage('es');
    expect(nameProblem('a')).toBe('El nombre debe tener al menos 2 caracteres');
    expect(slugProblem('')).toBe('Se requiere el identificador');
    expect(colorProblem('Color principal', 'blue')).toBe('Color principal debe ser un color como #3B82F6');
    expect(logoUrlProblem('ftp://x')).toBe('La URL del logotipo debe ser una dirección http o https');
  });
});
