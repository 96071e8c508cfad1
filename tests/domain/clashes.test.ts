import { busyNote, clashingShifts, clashWarning, saveAnywayQuestion, type ClashShift } from '../../domain/clashes';
import { workingTimeQuestion } from '../../domain/workingTime';

const shift = (over: Partial<ClashShift>): ClashShift => ({
  id: 1, driver_id: 7, status: 10, period_date: '2026-11-28', start_time: '17:00', finish_time: '22:00', ...over,
});
const evening = shift({});
const SAT = '2026-11-28';

describe("a driver's shifts that share time", () => {
  it('finds an unpublished or published shift of the driver at any restaurant sharing a minute, not back-to-back ones', () => {
    const later = { id: null, driver_id: 7, period_date: SAT, start_time: '18:00', finish_time: '23:00' };
    expect(clashingShifts(later, [evening])).toEqual([evening]);
    expect(clashingShifts(later, [shift({ status: 20 })])).toHaveLength(1);
    expect(clashingShifts({ ...later, start_time: '22:00' }, [evening])).toEqual([]);
    expect(clashingShifts({ ...later, driver_id: 8 }, [evening])).toEqual([]);
    expect(clashingShifts({ ...later, driver_id: null }, [evening])).toEqual([]);
  });

  it('leaves out the shift itself as it is edited, and restaurant drafts', () => {
    expect(clashingShifts({ ...evening, start_time: '18:00' }, [evening])).toEqual([]);
    expect(clashingShifts({ id: 2, driver_id: 7, period_date: SAT, start_time: '18:00', finish_time: '23:00' }, [shift({ status: 30 })])).toEqual([]);
  });

  it('reads shifts running past midnight into the next day, both ways', () => {
    const overnight = shift({ start_time: '22:00', finish_time: '02:00' });
    expect(clashingShifts({ id: null, driver_id: 7, period_date: '2026-11-29', start_time: '01:00', finish_time: '05:00' }, [overnight])).toEqual([overnight]);
    expect(clashingShifts({ id: null, driver_id: 7, period_date: SAT, start_time: '20:00', finish_time: '01:00' }, [evening])).toEqual([evening]);
  });

  it('names the other shift by restaurant, day and times, and marks the driver list', () => {
    expect(clashWarning('Sam Hill', evening, 'Balti Palace')).toBe('Sam Hill already has a shift at Balti Palace on 28/11/2026, 17:00–22:00 (not published)');
    expect(clashWarning('Sam Hill', shift({ status: 20 }), 'Balti Palace')).toMatch(/\(published\)$/);
    expect(busyNote(evening, 'Balti Palace', SAT)).toBe('busy 17:00–22:00 Balti Palace');
    expect(busyNote(shift({ status: 20, start_time: '22:00', finish_time: '02:00' }), 'Balti Palace', '2026-11-29')).toBe(
      'busy 22:00–02:00 Balti Palace on 28/11/2026 (published)',
    );
  });

  it('asks about clashes, rules, or both', () => {
    expect(saveAnywayQuestion(0, 2)).toBe(workingTimeQuestion(2));
    expect(saveAnywayQuestion(1, 0)).toBe('The driver already has a shift at this time: save anyway?');
    expect(saveAnywayQuestion(1, 1)).toBe('The driver already has a shift at this time, and the change breaks a working-time rule: save anyway?');
  });
});
