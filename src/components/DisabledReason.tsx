import { cloneElement, useId, type ReactElement } from 'react';
import { Tooltip } from '@mui/material';

/**
 * A disabled button says why. A disabled button takes no pointer events and no focus, so the tooltip sits on a
 * wrapper that does, and screen readers hear the reason as the button's description. With no reason (the button
 * is enabled) nothing is said.
 *
 *   <DisabledReason reason={picked ? null : 'Choose a restaurant first'}><Button disabled={!picked}>…</Button></DisabledReason>
 */
export function DisabledReason({
  reason,
  fullWidth = false,
  children,
}: {
  reason: string | null | false | undefined;
  /** The button fills its row (phone layouts): so does the wrapper. */
  fullWidth?: boolean;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const id = useId();
  // The same elements whether or not there is a reason: the button is not mounted anew when it is enabled.
  return (
    <Tooltip title={reason || ''} describeChild>
      <span style={{ display: fullWidth ? 'flex' : 'inline-flex' }} tabIndex={reason ? 0 : undefined}>
        {cloneElement(children, { 'aria-describedby': reason ? id : undefined })}
        {reason && (
          <span id={id} hidden>
            {reason}
          </span>
        )}
      </span>
    </Tooltip>
  );
}
