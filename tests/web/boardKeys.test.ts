import { describe, expect, it } from 'vitest';
import { nextRestaurantRow, nextShift } from '../../src/pages/schedule/boardKeys';
import { boardRows } from '../../src/pages/schedule/rowWindow';
import { boardRestaurant as restaurant } from '../helpers/boardRestaurant';
import type { ShiftRecord } from '../../domain/shifts';

const shift = (id: number, restaurant_id: number, period_date: string, start_time: string) => ({ id, restaurant_id, period_date, start_time }) as ShiftRecord;

// Rows: A1 [R1, R2], A2 [R3, R4]. R1: Mon 10:00 and 18:00, Wed 12:00; R2: Tue only; R3: none; R4: Mon 09:00.
const rows = boardRows([restaurant(1, 1), restaurant(2, 1), restaurant(3, 2), restaurant(4, 2)], true);
const shifts = [
  shift(11, 1, '2026-11-23', '18:00'),
  shift(10, 1, '2026-11-23', '10:00'),
  shift(12, 1, '2026-11-25', '12:00'),
  shift(20, 2, '2026-11-24', '11:00'),
  shift(40, 4, '2026-11-23', '09:00'),
];
const of = (id: number) => shifts.filter((s) => s.restaurant_id === id);
const byId = (id: number) => shifts.find((s) => s.id === id)!;
const go = (from: number, key: Parameters<typeof nextShift>[3]) => nextShift(rows, of, byId(from), key)?.id ?? null;

describe('arrow keys on the board', () => {
  it('Down goes through the day’s stack, then to the next restaurant with a shift that day, past areas and empty rows', () => {
    expect(go(10, 'ArrowDown')).toBe(11);
    expect(go(11, 'ArrowDown')).toBe(40);
    expect(go(40, 'ArrowDown')).toBeNull();
  });

  it('Up comes back to the last chip of the day above', () => {
    expect(go(40, 'ArrowUp')).toBe(11);
    expect(go(11, 'ArrowUp')).toBe(10);
    expect(go(10, 'ArrowUp')).toBeNull();
  });

  it('Left and Right go to the nearest day with a shift in the same restaurant; Home and End to the row’s ends', () => {
    expect(go(11, 'ArrowRight')).toBe(12);
    // The same place in the stack as far as the day has one: Wed's only chip leads back to Monday's first.
    expect(go(12, 'ArrowLeft')).toBe(10);
    expect(go(12, 'ArrowRight')).toBeNull();
    expect(go(12, 'Home')).toBe(10);
    expect(go(10, 'End')).toBe(12);
  });

  it('the names column moves between restaurants only', () => {
    expect(nextRestaurantRow(rows, '2', 'ArrowDown')).toBe('3');
    expect(nextRestaurantRow(rows, '3', 'ArrowUp')).toBe('2');
    expect(nextRestaurantRow(rows, '3', 'End')).toBe('4');
    expect(nextRestaurantRow(rows, '4', 'ArrowDown')).toBeNull();
    expect(nextRestaurantRow(rows, '4', 'Home')).toBe('1');
  });
});
