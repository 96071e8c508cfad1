import { Tab, Tabs } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { TabLabel } from '../TabLabel';

export interface FormTab {
  label: string;
  /** The fields on this tab: the tab shows a dot while one of them holds a message. */
  fields?: readonly string[];
}

interface Props {
  tabs: FormTab[];
  value: number;
  onChange: (tab: number) => void;
}

/** The tabs of a form dialog: each says when a field on it holds a message (shown once touched, or the server's). */
export function FormTabs({ tabs, value, onChange }: Props) {
  const { errors } = useFormState();
  return (
    <Tabs value={value} onChange={(_, t: number) => onChange(t)} sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
      {tabs.map((tab) => (
        <Tab key={tab.label} label={<TabLabel label={tab.label} flagged={(tab.fields ?? []).some((f) => !!errors[f])} />} />
      ))}
    </Tabs>
  );
}

/** The tab holding the fields the server complained of, when they are all on one tab (else none: stay where you are). */
export function tabOfFields(tabs: FormTab[], fields: string[]): number | null {
  const holding = tabs.map((t, i) => (fields.some((f) => t.fields?.includes(f)) ? i : -1)).filter((i) => i >= 0);
  return holding.length === 1 ? holding[0] : null;
}

/** A tab's panel: kept mounted while hidden, so its fields keep their values and messages. */
export function FormTabPanel({ label, shown, children }: { label: string; shown: boolean; children: React.ReactNode }) {
  return (
    <div role="tabpanel" aria-label={label} style={{ display: shown ? 'grid' : 'none', gap: 12 }}>
      {children}
    </div>
  );
}
