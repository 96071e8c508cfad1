import { TIME_LIST, isTime, snapToTimeList } from '../../domain/timeList';

describe('time list', () => {
  it('has an entry every 15 minutes from 00:00 to 23:45, named as its value', () => {
    expect(TIME_LIST).toHaveLength(96);
    expect(TIME_LIST[0]).toEqual({ name: '00:00', value: '00:00' });
    expect(TIME_LIST[1].value).toBe('00:15');
    expect(TIME_LIST.at(-1)!.value).toBe('23:45');
  });

  it.each([
    ['10:00', '10:00'],
    ['10:07', '10:00'],
    ['10:08', '10:15'],
    ['10:22', '10:15'],
    ['10:23', '10:30'],
    ['17:52', '17:45'],
    ['23:53', '00:00'],
    ['00:07', '00:00'],
  ])('snaps %s to %s (within 7.5 minutes)', (input, expected) => {
    expect(snapToTimeList(input)).toBe(expected);
  });

  it('leaves a value that is not HH:mm for the form to reject', () => {
    expect(snapToTimeList('25:00')).toBe('25:00');
    expect(snapToTimeList('9:00')).toBe('9:00');
    expect(isTime('09:00')).toBe(true);
    expect(isTime('24:00')).toBe(false);
    expect(isTime(900)).toBe(false);
  });
});
