import { Badge } from '@mui/material';

/** A dialog tab's label with a red dot while a field on that tab holds a message, so the user knows where to look. */
export function TabLabel({ label, flagged }: { label: string; flagged: boolean }) {
  return flagged ? (
    <Badge color="error" variant="dot" sx={{ '& .MuiBadge-badge': { right: -6 } }}>
      {label}
    </Badge>
  ) : (
    <>{label}</>
  );
}
