import type { CredentialsEmailInput } from '../../domain/validation/user';
import { httpClient } from '../httpClient';

/** The administrators screen's own call (spec 1, section 7); reads, saves and delete are the standard methods. */
export const userMethods = {
  /** The new user's credentials e-mail, with the address of this app's login page. */
  sendUserCredentials: (credentials: Omit<CredentialsEmailInput, 'link'>) =>
    httpClient<{ success: boolean }>('/api/sendEmailUser', {
      method: 'POST',
      body: { ...credentials, link: `${window.location.origin}/login` },
    }),
};
