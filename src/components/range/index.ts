/** Range toolbar pieces shared by the schedule, timesheet, invoice and reporting screens. */
export { IntervalSelect } from './IntervalSelect';
export { RangeNavigator } from './RangeNavigator';
export { useDateRange, type DateRangeState } from './useDateRange';
