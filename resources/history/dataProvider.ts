import type { DataProvider, GetListParams } from 'react-admin';
import { fetchHistory } from './api';

const refuse = () => Promise.reject(new Error('The history is read only'));

/**
 * The History list's own data provider: the server pages and filters a year of actions (the app's generic
 * provider fetches whole lists and pages them in the browser).
 */
export const historyDataProvider: DataProvider = {
  async getList(_resource: string, params: GetListParams) {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    const first = (page - 1) * perPage;
    const filter = Object.fromEntries(Object.entries(params.filter ?? {}).filter(([, v]) => v !== '' && v !== null && v !== undefined));
    return fetchHistory(filter, first, first + perPage - 1, params.signal) as never;
  },
  getOne: refuse,
  getMany: refuse,
  getManyReference: refuse,
  create: refuse,
  update: refuse,
  updateMany: refuse,
  delete: refuse,
  deleteMany: refuse,
};
