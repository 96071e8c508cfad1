import { Title } from 'react-admin';
import { RoleGate } from '../../components/RoleGate';
import { ScheduleBoard } from './ScheduleBoard';

/** /schedule: the administrators' and managers' board (spec 3, section 2.1). */
export function SchedulePage() {
  return (
    <>
      <Title title="Schedule" />
      <RoleGate path="/schedule">
        <ScheduleBoard />
      </RoleGate>
    </>
  );
}
