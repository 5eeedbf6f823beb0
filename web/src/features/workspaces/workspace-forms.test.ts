import { DEFAULT_RISK_RULES } from '@app/contracts';
import { toInput } from './components/program-form';
import { changedSettings } from './components/settings-tab';

describe('the workspace forms', () => {
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
});
