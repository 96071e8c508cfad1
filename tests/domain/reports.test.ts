import {
  dailySeries, differenceSign, reportAmounts, reportCsv, reportDefinition, reportLine, reportTotal, REPORTS, shiftTime, splitAmount,
  timesheetReportRow, withTimesheetFees, type ReportRow, type ReportTimesheet,
} from '../../domain/reports';

/** A reporting record as stored: its amount split as the server splits it when it writes the record. */
const row = (over: Partial<ReportRow> = {}): ReportRow => {
  const cost = over.cost ?? -62.5;
  return {
    key: 'r1', shift_id: 11, timesheet_id: null, period_date: '2026-06-02', cost, driver_id: 5, restaurant_id: 7, start_time: '17:00', finish_time: '22:00',
    created_at: '2026-06-01T16:05:00.000Z', updated_at: '2026-06-01T16:05:00.000Z', comment_cancelled: 'Driver ill', moderator_id: 1,
    ...splitAmount(cost), event: 10, driver_name: 'Dan Driver', restaurant_name: 'Pizza Palace Camden', moderator_name: 'Alice Admin', ...over,
  };
};

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
    // the driver's amount → charged, paid, difference, row colour
    [-62.5, 62.5, 0, 62.5, 'positive'],
    [-15, 15, 0, 15, 'positive'],
    [20, 0, 20, -20, 'negative'],
    [0, 0, 0, 0, 'zero'],
    [-0.1, 0.1, 0, 0.1, 'positive'],
  ] as const)('an amount of %s for the driver reads charged %s, paid %s, difference %s (%s)', (amount, charged, paid, difference, sign) => {
    const split = splitAmount(amount);
    expect(split).toEqual({ cost_cover: charged, amount_paid: paid, amount_difference: difference });
    const a = reportAmounts(split);
    expect(a).toEqual({ charged, paid, difference });
    expect(differenceSign(a.difference)).toBe(sign);
  });

  it('reads a fee and a bonus the same whether Cancel Shift, approval or a timesheet recorded them', () => {
    const fee = { charged: 15, paid: 0, difference: 15, sign: 'positive' };
    expect(reportLine(row({ cost: -15, event: 10 }))).toMatchObject(fee);
    expect(reportLine(row({ cost: -15, event: 40 }))).toMatchObject(fee);
    expect(reportLine(timesheetReportRow(timesheet({ cost_extra_bonus: -15 })))).toMatchObject(fee);
    const bonus = { charged: 0, paid: 10, difference: -10, sign: 'negative' };
    expect(reportLine(row({ cost: 10, event: 40 }))).toMatchObject(bonus);
    expect(reportLine(timesheetReportRow(timesheet({ cost_extra_bonus: 10 })))).toMatchObject(bonus);
  });

  it('totals in pence', () => {
    expect(reportTotal([row({ cost: -0.1 }), row({ cost: -0.2 }), row({ cost: 0.3 }), row({ cost: 0.05 })])).toEqual({ charged: 0.3, paid: 0.35, difference: -0.05 });
  });

  it('splits a timesheet fee/bonus like a record, and adds only those no reporting record tells of', () => {
    expect(timesheetReportRow(timesheet())).toMatchObject({
      key: 't40', timesheet_id: 40, cost: 20, cost_cover: 0, amount_paid: 20, amount_difference: -20, cost_extra_bonus: 20, moderator_name: null,
    });
    const rows = withTimesheetFees([row({ shift_id: 11, timesheet_id: 41 })], [
      timesheet({ id: 41, shift_id: null }), // the record (a cancellation, or a fee changed on approval) tells of it
      timesheet({ id: 42, shift_id: 11 }), // a worked timesheet of the same shift: no record tells of its bonus
      timesheet({ id: 43, cost_extra_bonus: 0 }),
      timesheet({ id: 44, driver_id: null }),
      timesheet({ id: 45, period_date: '2026-06-01' }),
    ]);
    expect(rows.map((r) => r.key)).toEqual(['t45', 'r1', 't42']);
  });

  it('writes a line as the table shows it, times in London', () => {
    expect(reportLine(row())).toEqual({
      key: 'r1', date: '02/06/2026', driver: 'Dan Driver', charged: 62.5, paid: 0, difference: 62.5, restaurant: 'Pizza Palace Camden',
      shiftTime: '17:00 - 22:00', created: '01/06/2026 17:05', comment: 'Driver ill', creator: 'Alice Admin', sign: 'positive',
    });
    expect(shiftTime({ start_time: null, finish_time: '22:00' })).toBe('');
  });

  it('exports CSV with 2-decimal amounts, quoting, formula-safe text and the Total row', () => {
    const csv = reportCsv([row(), row({ key: 'r2', cost: 25, comment_cancelled: '=HYPERLINK("x"), "quoted"' })], true);
    expect(csv.split('\r\n')).toEqual([
      'Date,Driver,Amount Charged,Amount Paid,Difference,Restaurant,Shift Time,Created Date,Comment,Creator',
      '02/06/2026,Dan Driver,62.50,0.00,62.50,Pizza Palace Camden,17:00 - 22:00,01/06/2026 17:05,Driver ill,Alice Admin',
      `02/06/2026,Dan Driver,0.00,25.00,-25.00,Pizza Palace Camden,17:00 - 22:00,01/06/2026 17:05,"'=HYPERLINK(""x""), ""quoted""",Alice Admin`,
      'Total,,62.50,25.00,37.50,,,,,',
      '',
    ]);
    expect(reportCsv([row()], false).split('\r\n')).toHaveLength(3);
  });

  it('sums each day of the range for the chart', () => {
    const series = dailySeries([row(), row({ key: 'r2', cost: 25 }), row({ key: 'r3', period_date: '2026-06-04', cost: -10 })], { from: '2026-06-01', to: '2026-06-04' });
    expect(series).toEqual([
      { date: '2026-06-01', rows: 0, charged: 0, paid: 0, difference: 0 },
      { date: '2026-06-02', rows: 2, charged: 62.5, paid: 25, difference: 37.5 },
      { date: '2026-06-03', rows: 0, charged: 0, paid: 0, difference: 0 },
      { date: '2026-06-04', rows: 1, charged: 10, paid: 0, difference: 10 },
    ]);
  });
});
