import { GatedScreen } from '../../components/ListScreen';
import { ScheduleBoard } from './ScheduleBoard';

/** /schedule: the administrators' and managers' board (spec 3, section 2.1). */
export function SchedulePage() {
  return (
    <GatedScreen title="Schedule" path="/schedule">
      <ScheduleBoard />
    </GatedScreen>
  );
}
