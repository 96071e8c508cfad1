import { Tab, Tabs } from '@mui/material';

export type RecordTab = 'details' | 'history';

/**
 * The Details | History tabs of a record's dialog or form: the form stays mounted under History (hidden, not
 * dropped), so going back finds the edits where they were.
 */
export function RecordTabs({ value, onChange }: { value: RecordTab; onChange: (tab: RecordTab) => void }) {
  return (
    <Tabs value={value} onChange={(_, tab: RecordTab) => onChange(tab)} sx={{ minHeight: 36, px: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Tab value="details" label="Details" sx={{ minHeight: 36, py: 0.5 }} />
      <Tab value="history" label="History" sx={{ minHeight: 36, py: 0.5 }} />
    </Tabs>
  );
}
