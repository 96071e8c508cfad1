import type { NewsPostView } from '../../domain/validation/newsFeed';
import { RemoveDialog } from '../../src/components/RemoveDialog';
import { useAppDataProvider } from '../../providers/dataProvider';
import { NEWS_FEED } from './types';

/** 'Remove news {post title}?' (spec 1, section 2); a refusal stays in the dialog. */
export function DeletePostDialog({ post, onClose, onDeleted }: { post: NewsPostView; onClose: () => void; onDeleted: (post: NewsPostView) => void }) {
  const dataProvider = useAppDataProvider();
  const remove = async () => {
    await dataProvider.delete(NEWS_FEED, { id: post.id, previousData: post });
    onDeleted(post);
  };
  return (
    <RemoveDialog id="delete-post-title" title={`Remove news ${post.postTitle}?`} failed="The post could not be removed" onRemove={remove} onClose={onClose}>
      The post, its image, replies and read counts will be removed for everyone.
    </RemoveDialog>
  );
}
