import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { OptionsPage } from './OptionsPage';

/**
 * Options (API /api/option, screen /options) and push messages to drivers (/api/driver-message). Not a plain
 * react-admin list: the screen holds the options table and the Send Push Message dialog, so src/App.tsx mounts
 * OptionsPage on the custom route /options.
 */
export const options = {
  name: 'option',
  path: '/options',
  list: OptionsPage,
  icon: SettingsOutlinedIcon,
  recordRepresentation: 'okey',
};

export { OptionsPage };
export type { OptionRecord } from './types';
