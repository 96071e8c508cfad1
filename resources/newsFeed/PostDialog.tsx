import { useMemo, useState } from 'react';
import { Form } from 'react-admin';
import { RichTextInput } from 'ra-input-rich-text';
import { RichTextToolbar } from '../../src/components/RichTextToolbar';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { canAccess } from '../../domain/access';
import { ADDRESSEE, POST_IMPORTANT } from '../../domain/statuses';
import { imageFileProblem } from '../../domain/validation/image';
import {
  NEWS_MSG,
  POST_TITLE_MAX,
  isBlankHtml,
  newsPostSchema,
  targetProblem,
  type NewsPostView,
} from '../../domain/validation/newsFeed';
import { useStoredUser } from '../../src/components/useStoredUser';
import { savePost } from './api';
import { PostImageField } from './PostImageField';
import { TargetFields, type TargetValues } from './TargetFields';
import { usePostChoices } from './usePostChoices';
import type { PostTarget } from './types';

/** Dialog width (spec 1, section 9 lists 400, 450 and 700 px; this is the long form). */
export const POST_DIALOG_WIDTH = 700;
export const NEW_POST_TITLE = 'Publish a New Post / Message All';
export const EDIT_POST_TITLE = 'Edit Post';

type Field = 'postTitle' | 'postContent' | 'areas' | 'restaurants' | 'drivers' | 'file';
const FIELDS: Field[] = ['postTitle', 'postContent', 'areas', 'restaurants', 'drivers', 'file'];

/** The rule of the rich-text field, shown by the editor itself (react-admin input validation). */
const contentRule = (value: unknown) => (isBlankHtml(typeof value === 'string' ? value : '') ? NEWS_MSG.contentRequired : undefined);

function initialTargets(post: NewsPostView | undefined, target: PostTarget | undefined, allowAll: boolean): TargetValues {
  if (post) {
    return {
      addressee: post.addressee,
      areas: post.news_feed_areas.map((a) => a.area_id),
      restaurants: post.news_feed_restaurants.map((r) => r.restaurant_id),
      drivers: post.news_feed_drivers.map((d) => d.driver_id),
    };
  }
  const lists = { areas: target?.areas ?? [], restaurants: target?.restaurants ?? [], drivers: target?.drivers ?? [] };
  const addressee = lists.restaurants.length
    ? ADDRESSEE.restaurants
    : lists.areas.length
      ? ADDRESSEE.areas
      : lists.drivers.length
        ? ADDRESSEE.drivers
        : allowAll
          ? ADDRESSEE.all
          : ADDRESSEE.areas;
  return { addressee, ...lists };
}

/** The server's refusal split into messages for our fields and one for the rest (shown above the form). */
function splitServerErrors(body: unknown, fallback: string): { fields: Partial<Record<Field, string>>; other: string | null } {
  const fields: Partial<Record<Field, string>> = {};
  let other: string | null = null;
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const message = Array.isArray(value) ? value[0] : value;
      if (typeof message !== 'string') continue;
      if ((FIELDS as string[]).includes(key)) fields[key as Field] ??= message;
      else if (key === 'message' && Object.keys(body as object).some((k) => (FIELDS as string[]).includes(k))) continue;
      else other ??= message;
    }
  }
  if (!Object.keys(fields).length && !other) other = fallback;
  return { fields, other };
}

export interface PostDialogProps {
  /** The post to edit; none for a new post. */
  post?: NewsPostView;
  /** A new post's addressees when opened from another screen (an area's or a restaurant's 'new post'). */
  initialTarget?: PostTarget;
  onClose: () => void;
  onSaved: (post: NewsPostView) => void;
}

/**
 * Publish a New Post / Message All, and Edit Post (spec 1, sections 2, 4 and 5): title, rich-text content (empty
 * rich text counts as empty), image, Important, and the addressee mode with its multi-select. Messages show once a
 * field is touched; Publish stays disabled unless the whole form is valid; the server's messages land on their
 * fields. Mount it only while open, so each opening starts from the post's current values.
 */
export function PostDialog({ post, initialTarget, onClose, onSaved }: PostDialogProps) {
  const user = useStoredUser();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const allowAll = canAccess(user?.role, 'newsfeed', 'messageAll');
  const [title, setTitle] = useState(post?.postTitle ?? '');
  const [content, setContent] = useState(post?.postContent ?? '');
  const [important, setImportant] = useState(post ? post.important === POST_IMPORTANT.yes : false);
  const [targets, setTargets] = useState<TargetValues>(() => initialTargets(post, initialTarget, allowAll));
  const [file, setFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const choices = usePostChoices(targets.addressee === ADDRESSEE.drivers || targets.drivers.length > 0);

  const ownErrors = useMemo(() => {
    const out: Partial<Record<Field, string>> = {};
    const parsed = newsPostSchema.safeParse({ postTitle: title, postContent: content, ...targets });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) out[String(issue.path[0]) as Field] ??= issue.message;
    }
    // The schema checks the lists only once title and content pass; the dialog shows every message at once.
    const target = targetProblem(targets.addressee, targets);
    if (target) out[target.field] ??= target.message;
    const fileProblem = file ? imageFileProblem(file) : null;
    if (fileProblem) out.file = fileProblem;
    return out;
  }, [title, content, targets, file]);
  const valid = Object.keys(ownErrors).length === 0;

  const touch = (field: Field) => setTouched((t) => ({ ...t, [field]: true }));
  const clearServer = (field: Field) => setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  const message = (field: Field) => (touched[field] ? ownErrors[field] : undefined) ?? serverErrors[field];

  const onMode = (addressee: number) => {
    // Changing the mode clears the selected areas, restaurants and drivers (spec 1, section 4).
    setTargets({ addressee, areas: [], restaurants: [], drivers: [] });
    setTouched(({ areas: _a, restaurants: _r, drivers: _d, ...rest }) => rest);
    setServerErrors(({ areas: _a, restaurants: _r, drivers: _d, ...rest }) => rest);
  };

  const submit = async () => {
    setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])));
    if (!valid || saving) return;
    setSaving(true);
    setOtherError(null);
    try {
      const saved = await savePost(
        {
          postTitle: title,
          postContent: content,
          important: important ? POST_IMPORTANT.yes : POST_IMPORTANT.normal,
          ...targets,
          file,
          removeImage: !file && removeImage,
        },
        post?.id,
      );
      onSaved(saved);
    } catch (error) {
      const err = error as { body?: unknown; message?: string };
      const { fields, other } = splitServerErrors(err.body, err.message || 'Saving the post failed');
      setServerErrors(fields);
      setOtherError(other);
      setSaving(false);
    }
  };

  const titleMessage = message('postTitle');
  return (
    <Dialog
      open
      fullScreen={phone}
      onClose={saving ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="post-dialog-title"
      slotProps={{ paper: { sx: phone ? {} : { width: POST_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      {/* react-admin's Form gives the rich-text input its form context; the other fields keep their own state. */}
      <Form onSubmit={() => void submit()} defaultValues={{ postContent: post?.postContent ?? '' }} mode="onTouched" noValidate>
        <DialogTitle id="post-dialog-title">{post ? EDIT_POST_TITLE : NEW_POST_TITLE}</DialogTitle>
        <DialogContent>
          {otherError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {otherError}
            </Alert>
          )}
          <TextField
            label="Title"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              clearServer('postTitle');
            }}
            onBlur={() => touch('postTitle')}
            error={!!titleMessage}
            helperText={titleMessage}
            required
            fullWidth
            margin="dense"
            autoFocus={!post}
            autoComplete="off"
            disabled={saving}
            slotProps={{ htmlInput: { maxLength: POST_TITLE_MAX } }}
          />
          <RichTextInput
            source="postContent"
            label="Content"
            isRequired
            validate={contentRule}
            helperText={serverErrors.postContent ?? false}
            disabled={saving}
            toolbar={<RichTextToolbar />}
            onChange={(html: unknown) => {
              setContent(typeof html === 'string' ? html : '');
              touch('postContent');
              clearServer('postContent');
            }}
            sx={{ mt: 1, '& .ProseMirror': { minHeight: 140 } }}
          />
          <PostImageField
            file={file}
            current={post?.img && !removeImage ? post.img : null}
            error={ownErrors.file ?? serverErrors.file}
            disabled={saving}
            onChoose={(chosen) => {
              setFile(chosen);
              touch('file');
              clearServer('file');
            }}
            onRemove={() => {
              if (file) setFile(null);
              else setRemoveImage(true);
              clearServer('file');
            }}
          />
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={important} onChange={(e) => setImportant(e.target.checked)} disabled={saving} />}
            label="Important"
          />
          <TargetFields
            values={targets}
            errors={{ areas: message('areas'), restaurants: message('restaurants'), drivers: message('drivers') }}
            onMode={onMode}
            onChange={(field, ids) => {
              setTargets((t) => ({ ...t, [field]: ids }));
              touch(field);
              clearServer(field);
            }}
            onTouch={touch}
            allowAll={allowAll}
            areas={choices.areas}
            restaurants={choices.restaurants}
            drivers={choices.drivers}
            areasLoading={choices.areasLoading}
            driversLoading={choices.driversLoading}
            disabled={saving}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!valid || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {post ? 'Save' : 'Publish'}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
