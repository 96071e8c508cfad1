import { httpClient } from '../../providers/httpClient';
import type { CreatedUser } from './types';

/** The calls of the administrators screen (spec 1, section 7); reads and edits go through the data provider. */

export type UserPayload = Record<string, unknown>;

export const createUser = (body: UserPayload) => httpClient<CreatedUser>('/api/user', { method: 'POST', body });

export const deleteUser = (id: number) => httpClient(`/api/user/${id}`, { method: 'DELETE' });

/** The new user's credentials e-mail, with the address of this app's login page. */
export const sendCredentials = (credentials: CreatedUser['restCredentials']) =>
  httpClient<{ success: boolean }>('/api/sendEmailUser', {
    method: 'POST',
    body: { ...credentials, link: `${window.location.origin}/login` },
  });
