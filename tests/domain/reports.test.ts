import {
  dailySeries, differenceSign, reportAmounts, reportCsv, reportDefinition, reportLine, reportTotal, REPORTS, shiftTime, timesheetReportRow,
  withTimesheetFees, type ReportRow, type ReportTimesheet,
} from '../../domain/reports';

const row = (over: Partial<ReportRow> = {}): ReportRow => ({
  key: 'r1', shift_id: 11, period_date: '2026-06-02', cost: -62.5, driver_id: 5, restaurant_id: 7, start_time: '17:00', finish_time: '22:00',
  created_at: '2026-06-01T16:05:00.000Z', updated_at: '2026-06-01T16:05:00.000Z', comment_cancelled: 'Driver ill', moderator_id: 1,
  cost_cover: 0, amount_paid: 0, amount_difference: 0, event: 10, driver_name: 'Dan Driver', restaurant_name: 'Pizza Palace Camden',
  moderator_name: 'Alice Admin', ...over,
});

const timesheet = (over: Partial<ReportTimesheet> = {}): ReportTimesheet => ({
  id: 40, shift_id: 12, modified_shift_id: null, restaurant_id: 7, driver_id: 5, period_date: '2026-06-03', start_time: '18:00', finish_time: '23:00',
  cost_extra_bonus: 20, comment: null, updated_at: '2026-06-03T22:00:00.000Z', driver_name: 'Dan Driver', restaurant_name: 'Pizza Palace Camden', ...over,
});

describe('reports', () => {
  it('are the four of the spec, the cancelled/bonus one with a Total row', () => {
    expect(REPORTS.map((r) => r.label)).toEqual(['Shift Cancelled/Bonus Added', 'Extra Request', 'Charge Removed', 'Drivers Inactive with Cancellation Fee']);
    expect(REPORTS.map((r) => r.path)).toEqual(['/api/reporting/shiftsCancelled', '/api/reporting/extraRequest', '/api/reporting/chargeRemoved', '/api/timesheet/inactiveFee']);
    expect(REPORTS.filter((r) => r.withTotal).map((r) => r.kind)).toEqual(['shiftsCancelled']);
    expect(reportDefinition('shiftsCancelled').events).toEqual([10, 40]);
  });

  it.each([
    [-62.5, 0, -62.5, 'negative'],
    [20, 25, -5, 'negative'],
    [55, 50, 5, 'positive'],
    [0.1, 0.1, 0, 'zero'],
    [0.3, 0.1, 0.2, 'positive'],
  ] as const)('charged %s, paid %s → difference %s (%s)', (cost, paid, difference, sign) => {
    const a = reportAmounts({ cost, amount_paid: paid });
    expect(a).toEqual({ charged: cost, paid, difference });
    expect(differenceSign(a.difference)).toBe(sign);
  });

  it('totals in pence', () => {
    expect(reportTotal([row({ cost: 0.1 }), row({ cost: 0.2 }), row({ cost: -0.3, amount_paid: 0.05 })])).toEqual({ charged: 0, paid: 0.05, difference: -0.05 });
  });

  it('shows a timesheet fee/bonus as paid, and adds only those no reporting record tells of', () => {
    expect(timesheetReportRow(timesheet())).toMatchObject({ key: 't40', cost: 0, amount_paid: 20, amount_difference: -20, cost_extra_bonus: 20, moderator_name: null });
    const rows = withTimesheetFees([row({ shift_id: 11 })], [
      timesheet({ id: 41, shift_id: 11 }), // the record of shift 11 already tells of it
      timesheet({ id: 42, shift_id: null, modified_shift_id: 11 }),
      timesheet({ id: 43, cost_extra_bonus: 0 }),
      timesheet({ id: 44, driver_id: null }),
      timesheet({ id: 45, period_date: '2026-06-01' }),
    ]);
    expect(rows.map((r) => r.key)).toEqual(['t45', 'r1']);
  });

  it('writes a line as the table shows it, times in London', () => {
    expect(reportLine(row())).toEqual({
      key: 'r1', date: '02/06/2026', driver: 'Dan Driver', charged: -62.5, paid: 0, difference: -62.5, restaurant: 'Pizza Palace Camden',
      shiftTime: '17:00 - 22:00', created: '01/06/2026 17:05', comment: 'Driver ill', creator: 'Alice Admin', sign: 'negative',
    });
    expect(shiftTime({ start_time: null, finish_time: '22:00' })).toBe('');
  });

  it('exports CSV with 2-decimal amounts, quoting, formula-safe text and the Total row', () => {
    const csv = reportCsv([row(), row({ key: 'r2', cost: 20, amount_paid: 25, comment_cancelled: '=HYPERLINK("x"), "quoted"' })], true);
    expect(csv.split('\r\n')).toEqual([
      'Date,Driver,Amount Charged,Amount Paid,Difference,Restaurant,Shift Time,Created Date,Comment,Creator',
      '02/06/2026,Dan Driver,-62.50,0.00,-62.50,Pizza Palace Camden,17:00 - 22:00,01/06/2026 17:05,Driver ill,Alice Admin',
      `02/06/2026,Dan Driver,20.00,25.00,-5.00,Pizza Palace Camden,17:00 - 22:00,01/06/2026 17:05,"'=HYPERLINK(""x""), ""quoted""",Alice Admin`,
      'Total,,-42.50,25.00,-67.50,,,,,',
      '',
    ]);
    expect(reportCsv([row()], false).split('\r\n')).toHaveLength(3);
  });

  it('sums each day of the range for the chart', () => {
    const series = dailySeries([row(), row({ key: 'r2', cost: 20, amount_paid: 25 }), row({ key: 'r3', period_date: '2026-06-04', cost: 10 })], { from: '2026-06-01', to: '2026-06-04' });
    expect(series).toEqual([
      { date: '2026-06-01', rows: 0, charged: 0, paid: 0, difference: 0 },
      { date: '2026-06-02', rows: 2, charged: -42.5, paid: 25, difference: -67.5 },
      { date: '2026-06-03', rows: 0, charged: 0, paid: 0, difference: 0 },
      { date: '2026-06-04', rows: 1, charged: 10, paid: 0, difference: 10 },
    ]);
  });
});
