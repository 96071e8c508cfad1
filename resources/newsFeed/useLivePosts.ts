import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { subscribeToFeed } from '../../providers/realtime';
import { FEED_RESUMED } from '../../domain/channels';
import type { NewsPostView } from '../../domain/validation/newsFeed';
import type { NewsReply } from '../../domain/validation/reply';
import { NEWS_CHANNEL, REPLY_CHANNEL, type FeedPost } from './types';

/** Changes that can move posts between pages or add and remove them: the page is asked for again. */
const RELOADING = new Set(['store', 'publish', 'update', 'destroy']);
/** A burst of events (several drivers reading at once) costs one reload. */
const RELOAD_DELAY_MS = 250;

/** Replies of both lists, once each, oldest first. */
function unionReplies(a: NewsReply[], b: NewsReply[]): NewsReply[] {
  return [...new Map([...a, ...b].map((r) => [r.id, r])).values()].sort((x, y) => x.id - y.id);
}

/**
 * A post from the feed merged into the one on screen: `can_manage` depends on who looks, so ours stays; a reply
 * shown live stays too, even when the post's event was made before that reply.
 */
function merge(current: NewsPostView, item: FeedPost): NewsPostView {
  return { ...current, ...item, replies: unionReplies(current.replies, item.replies ?? []), can_manage: current.can_manage };
}

function addReply(posts: NewsPostView[], reply: NewsReply): NewsPostView[] {
  return posts.map((p) =>
    p.id === reply.new_id && !p.replies.some((r) => r.id === reply.id) ? { ...p, replies: [...p.replies, reply] } : p,
  );
}

/** What was heard or done since the page was read: posts changed in place, posts gone. Only for that page. */
interface Changes {
  page: NewsPostView[] | undefined;
  posts: Map<number, NewsPostView>;
  gone: Set<number>;
}

/**
 * The page the list read, kept current by the live feed (spec 1, section 4): a post's changes (edits, reads,
 * status) show at once on the post; new, deleted or re-ordered posts make the list ask for its page again, so a
 * manager's screen only ever shows what the server lets them see; replies are added to their post, also to a page
 * read before they were made.
 */
export function useLivePosts(page: NewsPostView[] | undefined, reload: () => void) {
  const [changes, setChanges] = useState<Changes>({ page, posts: new Map(), gone: new Set() });
  // Replies heard while the screen is open: a page read before one was made still shows it.
  const [replies, setReplies] = useState<NewsReply[]>([]);
  const latestPage = useRef(page);
  useEffect(() => {
    latestPage.current = page;
  }, [page]);

  /** Changes to the page on screen; a newly read page starts with none. */
  const change = useCallback((apply: (posts: Map<number, NewsPostView>, gone: Set<number>, page: NewsPostView[]) => void) => {
    setChanges((prev) => {
      const current = latestPage.current ?? [];
      const fresh = prev.page === latestPage.current;
      const next = { page: latestPage.current, posts: new Map(fresh ? prev.posts : []), gone: new Set(fresh ? prev.gone : []) };
      apply(next.posts, next.gone, current);
      return next;
    });
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const later = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(reload, RELOAD_DELAY_MS);
    };
    const offPosts = subscribeToFeed(NEWS_CHANNEL, (event, items) => {
      if (event === FEED_RESUMED) return reload();
      const heard = items.filter((i): i is FeedPost => !!i && typeof (i as FeedPost).id === 'number');
      if (event === 'destroy') change((_, gone) => heard.forEach((h) => gone.add(h.id)));
      else if (event !== 'store') {
        change((posts, _, page) => {
          for (const item of heard) {
            const shown = posts.get(item.id) ?? page.find((p) => p.id === item.id);
            if (shown) posts.set(item.id, merge(shown, item));
          }
        });
      }
      if (RELOADING.has(event)) later();
    });
    const offReplies = subscribeToFeed(REPLY_CHANNEL, (event, items) => {
      if (event !== 'store') return;
      const heard = items.filter((r): r is NewsReply => !!r && typeof (r as NewsReply).id === 'number' && typeof (r as NewsReply).new_id === 'number');
      if (heard.length) setReplies((list) => [...list, ...heard]);
    });
    return () => {
      offPosts();
      offReplies();
      if (timer) clearTimeout(timer);
    };
  }, [reload, change]);

  const posts = useMemo(() => {
    const own = changes.page === page;
    const shown = (page ?? []).filter((p) => !own || !changes.gone.has(p.id)).map((p) => (own && changes.posts.get(p.id)) || p);
    return replies.reduce(addReply, shown);
  }, [page, changes, replies]);

  /** Puts a post the server just answered in place (our own change, before the feed's echo arrives). */
  const replace = useCallback((post: NewsPostView) => change((posts) => posts.set(post.id, post)), [change]);
  const appendReply = useCallback((reply: NewsReply) => setReplies((list) => [...list, reply]), []);

  return { posts, replace, appendReply };
}
