import { RISK_REASON_KINDS, riskReasonText } from '@app/contracts';
import { activateLanguage } from '../../i18n/i18n';
import { riskReasonLabel, riskReasonsLine } from './risk-reason-label';

describe('risk reasons in words (issue 21)', () => {
  afterEach(() => activateLanguage('en'));

  it('read in English exactly as the server words them, for one and for many', () => {
    for (const kind of RISK_REASON_KINDS) {
      for (const value of [1, 3, 1200]) {
        expect(riskReasonLabel({ kind, value })).toBe(riskReasonText({ kind, value }));
      }
    }
  });

  it('read in Spanish once Spanish is chosen, singular and plural', async () => {
    await activateLanguage('es');
    expect(
      riskReasonsLine([
        { kind: 'inactive', value: 1 },
        { kind: 'overdue', value: 4 },
        { kind: 'blocked', value: 7 },
        { kind: 'belowMedian', value: 20 },
      ]),
    ).toBe(
      'sin actividad desde hace 1 día; 4 tareas vencidas; bloqueado desde hace 7 días; 20 puntos por debajo de la mediana de la cohorte a mitad del programa',
    );
  });
});
