import { NEWS_VISIBLE_PAGES } from '../../domain/validation/newsFeed';
import { AreaPagination } from '../areas/AreaPagination';

/** Page buttons of the feed: 10 consecutive pages around the current one (spec 1, section 9). */
export function NewsPagination({ page, count, onChange, visible = NEWS_VISIBLE_PAGES }: { page: number; count: number; onChange: (page: number) => void; visible?: number }) {
  return <AreaPagination page={page} count={count} onChange={onChange} visible={visible} label="News Feed pages" />;
}
