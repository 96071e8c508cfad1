/** Labels and messages of the boards, word for word (spec 3, sections 2 and 5). */
export const SHIFT_LABEL = {
  openShift: 'Open shift',
  claimed: 'Claimed',
  timesheetExists: 'Timesheet exists by this shift',
  allDriversAvailable: 'All Drivers Available',
  noRestaurantSelected: 'No restaurant selected',
  notifyDrivers: 'Notify drivers?',
  pasteOpenShift: 'Paste Open shift?',
  unready: 'unready',
  noMoreToPublish: 'No more shifts to publish',
  hiddenForRestaurants: 'hidden for restaurants',
} as const;

export const rejectedByLabel = (name: string) => `Rejected by: ${name}`;
