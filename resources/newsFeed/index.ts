import FeedOutlinedIcon from '@mui/icons-material/FeedOutlined';
import { NewsFeedPage } from './NewsFeedPage';

/**
 * The news feed (API /api/newsFeed and /api/reply, screen /newsfeed). Not a plain react-admin list: the spec's
 * screen is an expansion list of posts with their replies and dialogs, so src/App.tsx mounts NewsFeedPage on the
 * custom route /newsfeed. Other screens open the post dialog pre-addressed with NewPostButton (or PostDialog with
 * initialTarget).
 */
export const newsFeed = {
  name: 'newsFeed',
  path: '/newsfeed',
  list: NewsFeedPage,
  icon: FeedOutlinedIcon,
  recordRepresentation: 'postTitle',
};

export { NewsFeedPage };
export { NewPostButton } from './NewPostButton';
export { PostDialog, type PostDialogProps } from './PostDialog';
export type { PostTarget, NewsPostView } from './types';
