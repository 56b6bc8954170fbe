import { describe, expect, it } from 'vitest';
import { holidayInput, oneOffInput } from './index';

const room = '0123456789abcdef01/htr/2';
const holiday = {
  from: '2027-03-20T08:00',
  to: '2027-03-28T18:00',
  rooms: null,
  away_c: 12,
  use_day: null,
};

describe('holiday input', () => {
  it('takes a whole-home holiday with an away temperature, or some rooms on a weekday profile', () => {
    expect(holidayInput.safeParse(holiday).success).toBe(true);
    expect(
      holidayInput.safeParse({ ...holiday, rooms: [room], away_c: null, use_day: 0 }).success,
    ).toBe(true);
  });

  it('refuses both or neither of away_c and use_day', () => {
    expect(holidayInput.safeParse({ ...holiday, use_day: 3 }).success).toBe(false);
    expect(holidayInput.safeParse({ ...holiday, away_c: null }).success).toBe(false);
  });

  it('refuses a return before the start, a range over 366 days and unreal times', () => {
    expect(holidayInput.safeParse({ ...holiday, to: '2027-03-20T08:00' }).success).toBe(false);
    expect(holidayInput.safeParse({ ...holiday, to: '2028-03-21T08:00' }).success).toBe(false);
    expect(holidayInput.safeParse({ ...holiday, from: '2027-02-30T08:00' }).success).toBe(false);
    expect(holidayInput.safeParse({ ...holiday, to: '2027-03-28T24:00' }).success).toBe(false);
    expect(holidayInput.safeParse({ ...holiday, to: '2027-03-28T18:00+01:00' }).success).toBe(
      false,
    );
  });

  it('refuses bad room ids, an away temperature out of range and unknown fields', () => {
    expect(holidayInput.safeParse({ ...holiday, rooms: ['x/htr/1'] }).success).toBe(false);
    expect(holidayInput.safeParse({ ...holiday, rooms: [] }).success).toBe(false);
    expect(holidayInput.safeParse({ ...holiday, away_c: 40 }).success).toBe(false);
    expect(holidayInput.safeParse({ ...holiday, extra: 1 }).success).toBe(false);
  });
});

describe('one-off day input', () => {
  it('takes a real date and a weekday, refuses others', () => {
    expect(oneOffInput.safeParse({ date: '2027-05-04', use_day: 0, rooms: null }).success).toBe(
      true,
    );
    expect(oneOffInput.safeParse({ date: '2027-02-29', use_day: 0, rooms: null }).success).toBe(
      false,
    );
    expect(oneOffInput.safeParse({ date: '2027-05-04', use_day: 7, rooms: null }).success).toBe(
      false,
    );
  });
});
