import { useState } from 'react';
import { useListContext, useNotify } from 'react-admin';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { POST_PINNED, POST_STATUS } from '../../domain/statuses';
import { NEWS_PER_PAGE_DEFAULT, NEWS_VISIBLE_PAGES, type NewsPostView } from '../../domain/validation/newsFeed';
import { LIST_PER_PAGE_CHOICES } from '../../domain/listPaging';
import { cardListScreen, CardListState, type CardListScreenSpec } from '../../src/components/CardList';
import { PerPageSelect } from '../../src/components/ListPagination';
import { refusalMessage } from '../../src/components/RemoveDialog';
import { useAppDataProvider } from '../../providers/dataProvider';
import { DeletePostDialog } from './DeletePostDialog';
import { PostCard } from './PostCard';
import { PostDialog } from './PostDialog';
import { ReplyDialog } from './ReplyDialog';
import { useLivePosts } from './useLivePosts';
import { NEWS_FEED } from './types';

type Open =
  | { kind: 'new' }
  | { kind: 'edit'; post: NewsPostView }
  | { kind: 'delete'; post: NewsPostView }
  | { kind: 'reply'; post: NewsPostView }
  | null;

const SCREEN: CardListScreenSpec = { title: 'News Feed', path: '/newsfeed', resource: NEWS_FEED, sort: { field: 'feed', order: 'ASC' }, maxWidth: 1000 };
const postCounter = (first: number, shown: number, total: number) => `Posts ${first + 1}–${first + shown} of ${total}`;

function NewsFeedScreen() {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { data, total, isPending, error, refetch, setPage } = useListContext<NewsPostView>();
  const [open, setOpen] = useState<Open>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const reload = refetch as () => void;
  const feed = useLivePosts(data, reload);

  /** Hide/show and pin toggles: the answer replaces the post; a refusal shows its id message (spec 1, section 8). */
  const toggle = async (post: NewsPostView, change: () => Promise<NewsPostView>, reorders: boolean) => {
    setBusyId(post.id);
    try {
      const saved = await change();
      feed.replace({ ...saved, can_manage: post.can_manage });
      if (reorders) reload();
    } catch (failure) {
      notify(refusalMessage(failure, 'The post could not be changed'), { type: 'error' });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 2 }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          News Feed
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <PerPageSelect choices={LIST_PER_PAGE_CHOICES} width={110} />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'new' })} sx={{ flexGrow: { xs: 1, sm: 0 }, whiteSpace: 'nowrap' }}>
            New Post
          </Button>
        </Stack>
      </Stack>

      <CardListState loadingLabel="Loading posts" failed="The news feed could not be loaded" onRetry={reload} />
      {!isPending && !error && !total && <Alert severity="info">No posts yet: publish the first one with New Post.</Alert>}

      <Box role="feed" aria-label="News posts" aria-busy={isPending}>
        {feed.posts.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            busy={busyId === post.id}
            actions={{
              onEdit: () => setOpen({ kind: 'edit', post }),
              onDelete: () => setOpen({ kind: 'delete', post }),
              onReply: () => setOpen({ kind: 'reply', post }),
              onToggleStatus: () =>
                void toggle(post, () => dataProvider.changePostStatus(post.id, post.status === POST_STATUS.show ? POST_STATUS.hide : POST_STATUS.show), false),
              onTogglePinned: () =>
                void toggle(post, () => dataProvider.changePostPinned(post.id, post.pinned === POST_PINNED.yes ? POST_PINNED.no : POST_PINNED.yes), true),
            }}
          />
        ))}
      </Box>

      {(open?.kind === 'new' || open?.kind === 'edit') && (
        <PostDialog
          key={open.kind === 'edit' ? open.post.id : 'new'}
          id={open.kind === 'edit' ? open.post.id : undefined}
          onClose={() => setOpen(null)}
          onSaved={() => {
            notify(open.kind === 'edit' ? 'Post saved' : 'Post published', { type: 'success' });
            setOpen(null);
            if (open.kind === 'new') {
              setPage(1);
              window.scrollTo({ top: 0 });
            }
            reload();
          }}
        />
      )}
      {open?.kind === 'delete' && (
        <DeletePostDialog
          post={open.post}
          onClose={() => setOpen(null)}
          onDeleted={() => {
            setOpen(null);
            reload();
          }}
        />
      )}
      {open?.kind === 'reply' && (
        <ReplyDialog
          postId={open.post.id}
          postTitle={open.post.postTitle}
          onClose={() => setOpen(null)}
          onSent={(reply) => {
            setOpen(null);
            feed.appendReply(reply);
          }}
        />
      )}
    </>
  );
}

/**
 * The News Feed screen (/newsfeed, spec 1 section 2), for administrators and managers: the newsfeed resource's
 * list, paged by the server in the feed's order (pinned first, newest first), each post an expandable card.
 */
export const NewsFeedList = cardListScreen<NewsPostView>(SCREEN, { perPage: NEWS_PER_PAGE_DEFAULT, visiblePages: NEWS_VISIBLE_PAGES, counter: postCounter }, NewsFeedScreen);
