import { useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import { CANCEL_MSG, readCancellationFee } from '../../../domain/validation/cancellation';
import { formatMoney } from '../../components/format';

export interface FeeFieldProps {
  /** The driver taken off the shift, named in the outcome. */
  driver: string;
  typed: string;
  onType: (typed: string) => void;
  onLeave: () => void;
  /** The fee read from `typed` (readCancellationFee): null when the form cannot take it. */
  fee: number | null;
  /** Refused once the field is left or the form sent, never rewritten. */
  showError: boolean;
}

/**
 * The fee field's state: what was typed, the fee read from it, and whether it is refused (once the field is left or
 * the form sent: `touch`). `field` is FeeField's props but the driver's name.
 */
export function useFeeInput() {
  const [typed, setTyped] = useState('');
  const [left, setLeft] = useState(false);
  const fee = readCancellationFee(typed);
  const touch = () => setLeft(true);
  const field = { typed, onType: setTyped, onLeave: touch, fee, showError: fee === null && left };
  return { typed, fee, touch, field };
}

/**
 * The cancellation fee as people type it, a positive amount, with what it will do in words: Cancel Shift's and Find
 * cover's (a cover takes the no-show driver off the same way).
 */
export function FeeField({ driver, typed, onType, onLeave, fee, showError }: FeeFieldProps) {
  return (
    <TextField
      label="Cancellation fee"
      value={typed}
      onChange={(e) => onType(e.target.value)}
      onBlur={onLeave}
      margin="dense"
      fullWidth
      placeholder="0.00"
      error={showError}
      helperText={showError ? CANCEL_MSG.feeInvalid : <FeeOutcome driver={driver} fee={fee} />}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">£</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
    />
  );
}

/** What the fee will do, in words, as it is typed. */
function FeeOutcome({ driver, fee }: { driver: string; fee: number | null }) {
  if (fee === null) return null;
  if (fee === 0) return <>No charge: {driver}'s pay stays as it is.</>;
  return <>{driver} will be charged {formatMoney(fee)}, taken off their pay.</>;
}
