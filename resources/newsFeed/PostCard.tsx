import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Chip,
  Collapse,
  Divider,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PushPinIcon from '@mui/icons-material/PushPin';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import ReplyOutlinedIcon from '@mui/icons-material/ReplyOutlined';
import { ADDRESSEE, POST_IMPORTANT, POST_PINNED, POST_STATUS } from '../../domain/statuses';
import { NEWS_MSG, readCountLabel, type NewsPostView } from '../../domain/validation/newsFeed';
import { formatDateTime } from '../../src/components/format';
import { imageUrl } from './types';

/** Post images are shown at most 500 by 300 (spec 1, section 2). */
const POST_IMAGE_MAX = { width: 500, height: 300 } as const;

function addresseeLine(post: NewsPostView): string {
  if (post.addressee === ADDRESSEE.areas) return `Areas: ${post.news_feed_areas.map((a) => a.name).join(', ')}`;
  if (post.addressee === ADDRESSEE.restaurants) return `Restaurants: ${post.news_feed_restaurants.map((r) => r.name).join(', ')}`;
  if (post.addressee === ADDRESSEE.drivers) return `Drivers: ${post.news_feed_drivers.map((d) => d.full_name).join(', ')}`;
  return 'All drivers';
}

export interface PostActions {
  onEdit: () => void;
  onDelete: () => void;
  onToggleStatus: () => void;
  onTogglePinned: () => void;
  onReply: () => void;
}

/** One action; disabled with the reason when the post is beyond the manager's scope. */
function Action({ allowed, label, icon, onClick, color }: { allowed: boolean; label: string; icon: React.ReactNode; onClick: () => void; color?: 'error' }) {
  const button = (
    <Button size="small" startIcon={icon} onClick={onClick} disabled={!allowed} color={color}>
      {label}
    </Button>
  );
  return allowed ? button : (
    <Tooltip title={NEWS_MSG.cannotManage}>
      <span>{button}</span>
    </Tooltip>
  );
}

/**
 * One post of the expansion list (spec 1, section 2 'News Feed'): the summary shows the title, 'Important!',
 * author, updated time and '(n / total read)'; expanded, the image, the HTML content (sanitised by the server),
 * who it is for, the actions, View Replies and the replies.
 */
export function PostCard({ post, actions, busy }: { post: NewsPostView; actions: PostActions; busy: boolean }) {
  const [showReplies, setShowReplies] = useState(false);
  const hidden = post.status === POST_STATUS.hide;
  const pinned = post.pinned === POST_PINNED.yes;
  const titleId = `post-${post.id}-title`;
  return (
    <Accordion
      disableGutters
      component="article"
      aria-labelledby={titleId}
      // The post's own title is its heading; MUI's default h3 around the summary would nest a second one.
      slotProps={{ heading: { component: 'div' } }}
      // A hidden post is greyed by its background, not by opacity, which would fade its text below readable contrast.
      sx={{ bgcolor: hidden ? 'grey.100' : undefined }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`post-${post.id}-details`}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
            {pinned && <PushPinIcon fontSize="small" color="primary" titleAccess="Pinned" />}
            <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {post.postTitle}
            </Typography>
            {post.important === POST_IMPORTANT.yes && <Chip label="Important!" color="error" size="small" />}
            {hidden && <Chip label="Hidden" size="small" variant="outlined" />}
          </Stack>
          <Typography variant="body2" color="text.secondary" component="div">
            {post.news_author} · {formatDateTime(post.updated_at)} · {readCountLabel(post)}
            {post.replies.length > 0 && ` · ${post.replies.length} repl${post.replies.length === 1 ? 'y' : 'ies'}`}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`post-${post.id}-details`}>
        {post.img && (
          <Box
            component="img"
            src={imageUrl(post.img)}
            alt={post.postTitle}
            loading="lazy"
            sx={{ display: 'block', maxWidth: `min(100%, ${POST_IMAGE_MAX.width}px)`, maxHeight: POST_IMAGE_MAX.height, objectFit: 'contain', borderRadius: 1, mb: 1.5 }}
          />
        )}
        <Box
          className="post-content"
          // The server keeps an allow-list of formatting (server/services/sanitize): no script reaches this.
          dangerouslySetInnerHTML={{ __html: post.postContent }}
          sx={{ overflowWrap: 'anywhere', '& img': { maxWidth: '100%' }, '& p': { mt: 0, mb: 1 }, '& :last-child': { mb: 0 } }}
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          For: {addresseeLine(post)}
        </Typography>
        <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 0.5 }}>
          <Action allowed={post.can_manage && !busy} label="Edit" icon={<EditOutlinedIcon />} onClick={actions.onEdit} />
          <Action allowed={post.can_manage && !busy} label="Delete" icon={<DeleteOutlineIcon />} onClick={actions.onDelete} color="error" />
          <Action
            allowed={post.can_manage && !busy}
            label={hidden ? 'Press to Show' : 'Press to Hide'}
            icon={hidden ? <VisibilityOutlinedIcon /> : <VisibilityOffOutlinedIcon />}
            onClick={actions.onToggleStatus}
          />
          <Action
            allowed={post.can_manage && !busy}
            label={pinned ? 'Press to Pinout' : 'Press to Pin'}
            icon={<PushPinOutlinedIcon />}
            onClick={actions.onTogglePinned}
          />
        </Stack>
        <Divider sx={{ my: 1 }} />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => setShowReplies((s) => !s)} aria-expanded={showReplies}>
            {showReplies ? 'Hide Replies' : 'View Replies'} ({post.replies.length})
          </Button>
          <Button size="small" startIcon={<ReplyOutlinedIcon />} onClick={actions.onReply}>
            Add Reply
          </Button>
        </Stack>
        <Collapse in={showReplies} unmountOnExit>
          {post.replies.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 1 }}>
              No replies yet
            </Typography>
          ) : (
            <Stack component="ul" aria-label={`Replies to ${post.postTitle}`} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} spacing={1}>
              {post.replies.map((r) => (
                <Box component="li" key={r.id} sx={{ bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}>
                  <Typography variant="subtitle2" component="p">
                    {r.reply_author}
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      {r.author_kind === 'driver' ? 'driver' : 'office'} · {formatDateTime(r.created_at)}
                    </Typography>
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {r.reply_content}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
        </Collapse>
      </AccordionDetails>
    </Accordion>
  );
}
