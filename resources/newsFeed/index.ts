import FeedOutlinedIcon from '@mui/icons-material/FeedOutlined';
import { lazyPage } from '../../src/components/lazyPage';
import type { NewsPostView } from './types';

/**
 * The news feed (API /api/newsFeed and /api/reply, screen /newsfeed): the react-admin resource src/App.tsx mounts.
 * Its list is the spec's expansion list of posts with their replies; posts and replies are written in dialogs over
 * it. Other screens open the post dialog pre-addressed with NewPostButton (or PostDialog with initialTarget).
 */
export const newsFeed = {
  name: 'newsfeed',
  list: lazyPage(() => import('./NewsFeedList'), 'NewsFeedList'),
  icon: FeedOutlinedIcon,
  recordRepresentation: (post: NewsPostView) => post.postTitle,
};

export type { NewsPostView } from './types';
