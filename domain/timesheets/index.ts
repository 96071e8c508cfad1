/**
 * Timesheet rules (spec 3, sections 3, 4.2, 5, 8 and 9), one file a job. The server enforces them; the screens show
 * the same answers. Importers take them from here.
 */
export * from './states';
export * from './approval';
export * from './fromShift';
export * from './hoursAndCost';
export * from './totals';
export * from './order';
