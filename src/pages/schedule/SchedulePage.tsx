import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { GatedScreen } from '../../components/ListScreen';
import { startBoardCalls } from './api';
import { ScheduleBoard } from './ScheduleBoard';

/** /schedule: the administrators' and managers' board (spec 3, section 2.1). */
export function SchedulePage() {
  const { search } = useLocation();
  // Once per opening, in its first render: the board's calls go before the shell and the board are drawn.
  useState(() => startBoardCalls(search));
  return (
    <GatedScreen title="Schedule" path="/schedule">
      <ScheduleBoard />
    </GatedScreen>
  );
}
