import { keepEarly } from './earlyCalls';
import { fetchAnswer, getHeaders, type RawAnswer } from './fetchAnswer';
import { counted } from './requestsSettled';
import { getStoredUser } from './session';

/**
 * Starts a GET at boot, before react-admin and the data provider have loaded, for the data provider's identical
 * call to take its answer (earlyCalls.ts), and answers it too (the board's first view reads it). Light: nothing of
 * react-admin, so the board's first view (src/pages/schedule/preview/) starts the board's calls before the app's
 * code has arrived.
 */
export function startEarly(url: string): Promise<RawAnswer> {
  const answer = counted(fetchAnswer(url, { method: 'GET', headers: getHeaders(getStoredUser()?.access_token) }));
  keepEarly(url, answer);
  return answer;
}
