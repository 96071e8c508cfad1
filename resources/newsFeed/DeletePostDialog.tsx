import type { NewsPostView } from '../../domain/validation/newsFeed';
import { RemoveRecordDialog } from '../../src/components/RemoveDialog';
import { NEWS_FEED } from './types';

/** 'Remove news {post title}?' (spec 1, section 2); a refusal stays in the dialog. */
export function DeletePostDialog({ post, onClose, onDeleted }: { post: NewsPostView; onClose: () => void; onDeleted: (post: NewsPostView) => void }) {
  return (
    <RemoveRecordDialog
      resource={NEWS_FEED} record={post} onRemoved={onDeleted} onClose={onClose}
      id="delete-post-title" title={`Remove news ${post.postTitle}?`} failed="The post could not be removed"
    >
      The post, its image, replies and read counts will be removed for everyone.
    </RemoveRecordDialog>
  );
}
