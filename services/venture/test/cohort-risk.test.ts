import { describe, expect, it } from '@jest/globals';
import { DEFAULT_RISK_RULES, riskReasonText, type RiskRules } from '@app/contracts';
import {
  median,
  programMidpoint,
  riskReasonsOf,
  weekStartOf,
  type RiskInput,
} from '../src/domain/cohort-risk.ts';

const NOW = new Date('2026-06-20T12:00:00Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

function input(overrides: Partial<RiskInput> = {}): RiskInput {
  return {
    rules: { ...DEFAULT_RISK_RULES },
    now: NOW,
    program: { startDate: '2026-06-01', endDate: '2026-12-31' },
    timeZone: 'UTC',
    tasks: [],
    progress: 40,
    medianProgress: 40,
    enrolledAt: daysAgo(30),
    lastActivityAt: daysAgo(1),
    ...overrides,
  };
}

describe('at-risk rules (defaults: 14 days inactive, 3 overdue, blocked 7 days, 20 points below the median)', () => {
  it('an active venture on track is not at risk', () => {
    expect(riskReasonsOf(input())).toEqual([]);
  });

  it('no activity for 14 days or more is a reason, counted from enrolment when there was none since', () => {
    expect(riskReasonsOf(input({ lastActivityAt: daysAgo(13) }))).toEqual([]);
    expect(riskReasonsOf(input({ lastActivityAt: daysAgo(18) }))).toEqual([{ kind: 'inactive', value: 18 }]);
    expect(riskReasonsOf(input({ lastActivityAt: null, enrolledAt: daysAgo(15) }))).toEqual([
      { kind: 'inactive', value: 15 },
    ]);
  });

  it('three tasks overdue (due before today in the venture’s zone, not done) is a reason; done ones never count', () => {
    const overdue = { status: 'todo' as const, dueDate: '2026-06-19', statusChangedAt: null };
    const done = { ...overdue, status: 'done' as const };
    expect(riskReasonsOf(input({ tasks: [overdue, overdue, done] }))).toEqual([]);
    expect(riskReasonsOf(input({ tasks: [overdue, overdue, overdue] }))).toEqual([
      { kind: 'overdue', value: 3 },
    ]);
    const dueToday = { ...overdue, dueDate: '2026-06-20' };
    expect(riskReasonsOf(input({ tasks: [dueToday, dueToday, dueToday] }))).toEqual([]);
  });

  it('a task blocked for 7 days is a reason, with the longest block', () => {
    const blocked = (days: number) => ({
      status: 'blocked' as const,
      dueDate: null,
      statusChangedAt: daysAgo(days),
    });
    expect(riskReasonsOf(input({ tasks: [blocked(6)] }))).toEqual([]);
    expect(riskReasonsOf(input({ tasks: [blocked(9), blocked(7)] }))).toEqual([
      { kind: 'blocked', value: 9 },
    ]);
  });

  it('20 points below the cohort median counts only once half the program has passed', () => {
    const behind = { progress: 10, medianProgress: 30 };
    expect(riskReasonsOf(input(behind))).toEqual([]);
    const pastMid = input({ ...behind, program: { startDate: '2026-01-01', endDate: '2026-07-01' } });
    expect(riskReasonsOf(pastMid)).toEqual([{ kind: 'belowMedian', value: 20 }]);
    expect(riskReasonsOf({ ...pastMid, progress: 11 })).toEqual([]);
  });

  it('a rule set to null is off, and a program’s own thresholds apply', () => {
    const off: RiskRules = {
      inactivityDays: null,
      overdueTasks: null,
      blockedDays: null,
      belowMedianPoints: null,
    };
    expect(riskReasonsOf(input({ rules: off, lastActivityAt: daysAgo(90) }))).toEqual([]);
    const strict = { ...DEFAULT_RISK_RULES, inactivityDays: 3 };
    expect(riskReasonsOf(input({ rules: strict, lastActivityAt: daysAgo(3) }))).toEqual([
      { kind: 'inactive', value: 3 },
    ]);
  });

  it('reasons read as the badge shows them', () => {
    expect(riskReasonText({ kind: 'inactive', value: 18 })).toBe('no activity for 18 days');
    expect(riskReasonText({ kind: 'overdue', value: 3 })).toBe('3 tasks overdue');
    expect(riskReasonText({ kind: 'blocked', value: 9 })).toBe('blocked for 9 days');
    expect(riskReasonText({ kind: 'belowMedian', value: 20 })).toBe(
      '20 points below the cohort median at mid-program',
    );
  });
});

describe('weekly snapshots', () => {
  it('a week starts on Monday (UTC), whatever the day', () => {
    expect(weekStartOf(new Date('2026-06-22T00:00:00Z'))).toBe('2026-06-22'); // Monday
    expect(weekStartOf(new Date('2026-06-28T23:59:59Z'))).toBe('2026-06-22'); // Sunday
    expect(weekStartOf(new Date('2026-07-01T10:00:00Z'))).toBe('2026-06-29');
  });

  it('the median of an even cohort is the mean of the middle two; an empty cohort is 0', () => {
    expect(median([10, 40, 20])).toBe(20);
    expect(median([10, 40, 20, 31])).toBe(25.5);
    expect(median([])).toBe(0);
  });

  it('mid-program is the first day on which half the time has passed', () => {
    expect(programMidpoint('2026-01-01', '2026-01-11')).toBe('2026-01-06');
    expect(programMidpoint('2026-01-01', '2026-01-10')).toBe('2026-01-06');
  });
});
