import { httpClient } from '../../providers/httpClient';
import type { CreatedUser } from './types';

/** The calls of the administrators screen (spec 1, section 7); reads and saves go through the data provider. */

export const deleteUser = (id: number) => httpClient(`/api/user/${id}`, { method: 'DELETE' });

/** The new user's credentials e-mail, with the address of this app's login page. */
export const sendCredentials = (credentials: CreatedUser['restCredentials']) =>
  httpClient<{ success: boolean }>('/api/sendEmailUser', {
    method: 'POST',
    body: { ...credentials, link: `${window.location.origin}/login` },
  });
