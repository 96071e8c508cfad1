/** Range toolbar pieces shared by the schedule, timesheet, invoice and reporting screens. */
export { IntervalSelect, type IntervalSelectProps } from './IntervalSelect';
export { RangeNavigator } from './RangeNavigator';
export { RangePicker, type RangePickerProps } from './RangePicker';
export { useDateRange, type DateRangeOptions, type DateRangeState } from './useDateRange';
