import { DEFAULT_RISK_RULES } from '@app/contracts';
import { templateVersionOptions, toInput } from './components/program-form';
import { changedSettings } from './components/settings-tab';
import { domainsOf } from './components/sso-section';

describe('the workspace forms', () => {
  it('when SSO domains are typed with commas, spaces, semicolons or a leading @, then each is sent bare and lowercased', () => {
    expect(domainsOf(' Northgate.EDU, @alumni.northgate.edu;staff.northgate.edu  ,, ')).toEqual([
      'northgate.edu',
      'alumni.northgate.edu',
      'staff.northgate.edu',
    ]);
    expect(domainsOf('   ')).toEqual([]);
  });

  it('when settings are saved, then only the changed fields are sent, trimmed, colours in upper case', () => {
    const before = {
      name: 'Northgate',
      description: '',
      logoUrl: '',
      primaryColor: '#0F172A',
      secondaryColor: '#3B82F6',
    };
    expect(changedSettings(before, { ...before, name: ' Northgate Labs ', primaryColor: '#aabbcc' })).toEqual(
      {
        name: 'Northgate Labs',
        primaryColor: '#AABBCC',
      },
    );
    expect(changedSettings(before, { ...before, secondaryColor: '#3b82f6' })).toEqual({});
  });

  it('when a program is saved, then an emptied rule is off (null) and the other rules are sent as whole numbers', () => {
    const input = toInput({
      name: '  Spring  ',
      startDate: '2027-03-01',
      endDate: '2027-08-31',
      templateVersion: null,
      registrationOpen: true,
      riskRules: { ...DEFAULT_RISK_RULES, overdueTasks: null },
    });
    expect(input).toEqual({
      name: 'Spring',
      startDate: '2027-03-01',
      endDate: '2027-08-31',
      templateVersion: null,
      registrationOpen: true,
      riskRules: { ...DEFAULT_RISK_RULES, overdueTasks: null },
    });
  });

  it('when the program form lists template versions, then the standard tasks come first, then the published versions newest first with their date', () => {
    const version = (n: number, publishedAt: string) => ({
      version: n,
      publishedAt,
      publishedBy: { userId: 'u1', displayName: 'Ada Admin' },
      taskCount: 50,
      changes: { added: [], removed: [], renamed: [], guidesChanged: [], reordered: false },
    });
    const versions = [version(1, '2026-03-07T12:00:00.000Z'), version(3, '2026-11-26T12:00:00.000Z')];
    expect(templateVersionOptions(versions, 1)).toEqual([
      { value: 0, label: 'Standard 50 tasks' },
      { value: 3, label: 'Version 3 · published Nov 26, 2026' },
      { value: 1, label: 'Version 1 · published Mar 7, 2026' },
    ]);
  });

  it('when a program pins a version that is not published (or the versions are not loaded), then it still shows as its number', () => {
    expect(templateVersionOptions(undefined, 7)).toEqual([
      { value: 0, label: 'Standard 50 tasks' },
      { value: 7, label: 'Version 7' },
    ]);
    expect(templateVersionOptions([], null)).toEqual([{ value: 0, label: 'Standard 50 tasks' }]);
  });
});
