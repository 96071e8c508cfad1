import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { lazyPage } from '../../src/components/lazyPage';
import type { PanelUser } from './types';

/** The administrators screen (/users): staff users and managers' assignments (spec 1, section 2). */
export const users = {
  name: 'users',
  list: lazyPage(() => import('./UsersList'), 'UsersList'),
  icon: ManageAccountsIcon,
  recordRepresentation: (user: PanelUser) => user.full_name || user.email,
};
