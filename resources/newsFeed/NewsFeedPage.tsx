import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { POST_PINNED, POST_STATUS } from '../../domain/statuses';
import { NEWS_PER_PAGE_CHOICES, NEWS_PER_PAGE_DEFAULT, type NewsPostView } from '../../domain/validation/newsFeed';
import { RoleGate } from '../../src/components/RoleGate';
import { changePinned, changeStatus } from './api';
import { refusalMessage } from '../../src/components/RemoveDialog';
import { DeletePostDialog } from './DeletePostDialog';
import { NewsPagination } from './NewsPagination';
import { PostCard } from './PostCard';
import { PostDialog } from './PostDialog';
import { ReplyDialog } from './ReplyDialog';
import { useNewsFeed } from './useNewsFeed';

type Open =
  | { kind: 'new' }
  | { kind: 'edit'; post: NewsPostView }
  | { kind: 'delete'; post: NewsPostView }
  | { kind: 'reply'; post: NewsPostView }
  | null;

/** The News Feed screen (/newsfeed, spec 1 section 2), for administrators and managers. */
export function NewsFeedPage() {
  return (
    <>
      <Title title="News Feed" />
      <RoleGate path="/newsfeed">
        <NewsFeedScreen />
      </RoleGate>
    </>
  );
}

function NewsFeedScreen() {
  const notify = useNotify();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [perPage, setPerPage] = useState<number>(NEWS_PER_PAGE_DEFAULT);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Open>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const feed = useNewsFeed(page, perPage);
  const pageCount = Math.max(1, Math.ceil(feed.total / perPage));
  if (!feed.loading && page > pageCount) setPage(pageCount);

  const goTo = (p: number) => {
    setPage(p);
    window.scrollTo({ top: 0 });
  };

  /** Hide/show and pin toggles: the answer replaces the post; a refusal shows its id message (spec 1, section 8). */
  const toggle = async (post: NewsPostView, change: () => Promise<NewsPostView>, reorders: boolean) => {
    setBusyId(post.id);
    try {
      const saved = await change();
      feed.replace({ ...saved, can_manage: post.can_manage });
      if (reorders) feed.reload();
    } catch (error) {
      notify(refusalMessage(error, 'The post could not be changed'), { type: 'error' });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Box sx={{ maxWidth: 1000, width: '100%', mx: 'auto', pb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 2 }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          News Feed
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label="Per page"
            value={perPage}
            onChange={(e) => {
              setPerPage(Number(e.target.value));
              goTo(1);
            }}
            sx={{ width: 110 }}
          >
            {NEWS_PER_PAGE_CHOICES.map((n) => (
              <MenuItem key={n} value={n}>
                {n}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'new' })} sx={{ flexGrow: { xs: 1, sm: 0 }, whiteSpace: 'nowrap' }}>
            New Post
          </Button>
        </Stack>
      </Stack>

      {feed.loading && <LinearProgress aria-label="Loading posts" sx={{ mb: 1 }} />}
      {feed.error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={feed.reload}>
              Retry
            </Button>
          }
        >
          {feed.error}
        </Alert>
      )}
      {!feed.loading && !feed.error && feed.total === 0 && <Alert severity="info">No posts yet: publish the first one with New Post.</Alert>}

      <Box role="feed" aria-label="News posts" aria-busy={feed.loading}>
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
                void toggle(post, () => changeStatus(post.id, post.status === POST_STATUS.show ? POST_STATUS.hide : POST_STATUS.show), false),
              onTogglePinned: () =>
                void toggle(post, () => changePinned(post.id, post.pinned === POST_PINNED.yes ? POST_PINNED.no : POST_PINNED.yes), true),
            }}
          />
        ))}
      </Box>

      {feed.total > 0 && (
        <Stack spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
          <NewsPagination page={Math.min(page, pageCount)} count={pageCount} onChange={goTo} visible={phone ? 5 : undefined} />
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            Posts {(page - 1) * perPage + 1}–{(page - 1) * perPage + feed.posts.length} of {feed.total}
          </Typography>
        </Stack>
      )}

      {(open?.kind === 'new' || open?.kind === 'edit') && (
        <PostDialog
          key={open.kind === 'edit' ? open.post.id : 'new'}
          post={open.kind === 'edit' ? open.post : undefined}
          onClose={() => setOpen(null)}
          onSaved={() => {
            notify(open.kind === 'edit' ? 'Post saved' : 'Post published', { type: 'success' });
            setOpen(null);
            if (open.kind === 'new') goTo(1);
            feed.reload();
          }}
        />
      )}
      {open?.kind === 'delete' && (
        <DeletePostDialog
          post={open.post}
          onClose={() => setOpen(null)}
          onDeleted={() => {
            setOpen(null);
            feed.reload();
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
    </Box>
  );
}
