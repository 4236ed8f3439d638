import { describe, expect, it } from 'vitest';
import { isDefaultShiftTime, shiftTimestamps, workedMinutes } from './timesheets.ts';

describe('timesheet rules', () => {
  it('builds local timestamps, night shifts ending the next day', () => {
    expect(shiftTimestamps('2026-01-20', '07:00', '19:30')).toEqual({
      startTime: '2026-01-20T07:00:00',
      endTime: '2026-01-20T19:30:00',
    });
    expect(shiftTimestamps('2026-01-31', '19:00', '07:30')).toEqual({
      startTime: '2026-01-31T19:00:00',
      endTime: '2026-02-01T07:30:00',
    });
  });
  it('recognises the 1 Jan 1900 default and counts worked minutes', () => {
    expect(isDefaultShiftTime('1900-01-01T00:00:00')).toBe(true);
    expect(isDefaultShiftTime('2026-01-20T07:00:00')).toBe(false);
    expect(workedMinutes({ startTime: '2026-01-20T07:00:00', endTime: '2026-01-20T19:30:00', lunch: 30 })).toBe(720);
    expect(workedMinutes({ startTime: '1900-01-01T00:00:00', endTime: '1900-01-01T00:00:00', lunch: null })).toBe(0);
  });
});
