import { sql } from 'kysely';
import { z } from 'zod';
import { POST_IMPORTANT, POST_PINNED, POST_STATUS } from '../../domain/statuses';
import { containsPattern, filterValue, type ListSpec } from './index';

const codeOf = (codes: Record<string, number>) => z.coerce.number().refine((n) => Object.values(codes).includes(n));

/**
 * The news feed's list in SQL: the feed's order (pinned first, then the latest updated; news_posts_order_idx), or by
 * update or title; filtered by status, pinned and important, searched in title and text.
 */
export const NEWS_LIST: ListSpec<'news_posts'> = {
  resource: 'newsFeed',
  table: 'news_posts',
  sorts: {
    feed: () => [sql`news_posts.pinned`, { against: sql`news_posts.updated_at` }, { against: sql`news_posts.id` }],
    updated_at: () => [sql`news_posts.updated_at`],
    postTitle: () => [sql`lower(news_posts.post_title)`],
    id: () => [],
  },
  defaultSort: ['feed', 'ASC'],
  filters: {
    status: (value, eb) => eb('news_posts.status', '=', filterValue(codeOf(POST_STATUS), value)),
    pinned: (value, eb) => eb('news_posts.pinned', '=', filterValue(codeOf(POST_PINNED), value)),
    important: (value, eb) => eb('news_posts.important', '=', filterValue(codeOf(POST_IMPORTANT), value)),
    q: (value, eb) => {
      const pattern = containsPattern(value);
      return eb.or([eb(sql`lower(news_posts.post_title)`, 'like', pattern), eb(sql`lower(news_posts.post_content)`, 'like', pattern)]);
    },
  },
};
