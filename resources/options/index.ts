import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { lazyPage } from '../../src/components/lazyPage';
import type { OptionRecord } from './types';

/**
 * Options (API /api/option, screen /options: the resource's list, opened from the top bar's gear) and push
 * messages to drivers (/api/driver-message, the list's Send Push Message dialog).
 */
export const options = {
  name: 'options',
  list: lazyPage(() => import('./OptionsPage'), 'OptionsPage'),
  icon: SettingsOutlinedIcon,
  recordRepresentation: (option: OptionRecord) => option.okey,
};
export type { OptionRecord } from './types';
