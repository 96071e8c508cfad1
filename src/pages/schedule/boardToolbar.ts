/**
 * The board's toolbar (ScheduleBoard.tsx) is one line of 48 px when the board is wide enough for its controls, else
 * two. The first view (preview/) leaves it that room, and the board keeps it while its controls wait for the first
 * rows, so neither moves the rows when they come.
 */
export const TOOLBAR_LINE = 48;
export const TOOLBAR_ONE_LINE_WIDTH = 1220;
