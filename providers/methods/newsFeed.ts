import type { NewsPostView } from '../../domain/validation/newsFeed';
import { httpClient } from '../httpClient';

/** The news feed's switches (spec 1, section 7); posts are read, saved and deleted by the standard methods. */
export const newsFeedMethods = {
  changePostStatus: (id: number, status: number) =>
    httpClient<NewsPostView>(`/api/newsFeed/changeStatus/${id}`, { method: 'POST', body: { status } }),

  changePostPinned: (id: number, pinned: number) =>
    httpClient<NewsPostView>(`/api/newsFeed/changePinned/${id}`, { method: 'POST', body: { pinned } }),
};
