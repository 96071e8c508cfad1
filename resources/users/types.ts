import type { StaffRole } from '../../domain/roles';

/** The live-feed channel the users' changes arrive on. */
import { USER_CHANNEL } from '../../domain/channels';
export { USER_CHANNEL };
/** The react-admin resource of the administrators screen (GET /api/user). */
export const USERS = 'users';
/** The areas the Reaches column names (GET /api/area). */
export const AREA_RESOURCE = 'area';

import type { PanelUser } from '../../domain/validation/user';

/** A staff user as GET /api/user answers it. */
export type { PanelUser };

/** What the dialog edits; role is '' until one is chosen. */
export interface UserFormValues {
  first_name: string;
  last_name: string;
  role: StaffRole | '';
  email: string;
  area_ids: number[];
  restaurant_ids: number[];
  password: string;
}

/** POST /api/user answers the user and the credentials for the e-mail (sent with POST /api/sendEmailUser). */
export type CreatedUser = PanelUser & { restCredentials: { email: string; password: string; name: string } };
