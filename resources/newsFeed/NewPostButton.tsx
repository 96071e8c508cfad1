import { Suspense, lazy, useState } from 'react';
import { useNotify } from 'react-admin';
import { Button, IconButton, Tooltip } from '@mui/material';
import PostAddOutlinedIcon from '@mui/icons-material/PostAddOutlined';
import type { PostTarget } from './types';

// The dialog carries the rich-text editor, the largest part of the app: load it when a post is first written.
const PostDialog = lazy(() => import('./PostDialog').then((m) => ({ default: m.PostDialog })));

/**
 * 'New post' from another screen (an area, a restaurant): opens Publish a New Post / Message All already addressed
 * to `target` ({ areas } or { restaurants } or { drivers }); the user can still change it.
 *
 *   <NewPostButton target={{ restaurants: [restaurant.id] }} label={`New post for ${restaurant.name}`} variant="icon" />
 */
export function NewPostButton({
  target,
  label = 'New Post',
  variant = 'button',
}: {
  target: PostTarget;
  label?: string;
  variant?: 'button' | 'icon';
}) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={label}>
          <IconButton size="small" color="primary" aria-label={label} onClick={() => setOpen(true)}>
            <PostAddOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<PostAddOutlinedIcon />} onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <PostDialog
            initialTarget={target}
            onClose={() => setOpen(false)}
            onSaved={() => {
              setOpen(false);
              notify('Post published', { type: 'success' });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
