import { dismissFirstView } from './components/firstView/dismiss';
import { startBoardPreview } from './pages/schedule/preview/boardPreview';
import { startTimesheetPreview } from './pages/timesheets/preview/timesheetPreview';

/**
 * Loaded by index.html before the app's entry (src/main.tsx), with none of its code: the first view of the screen a
 * page load opens on, for the screens that have one (components/firstView/frame.ts).
 */
const FIRST_VIEWS: Record<string, () => Promise<void>> = { '/schedule': startBoardPreview, '/timesheet': startTimesheetPreview };

const start = FIRST_VIEWS[location.pathname];
if (start) void start();
else dismissFirstView();
