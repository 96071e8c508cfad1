import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribeToFeed } from '../../providers/realtime';
import { FEED_RESUMED } from '../../domain/channels';
import type { NewsPostView } from '../../domain/validation/newsFeed';
import type { NewsReply } from '../../domain/validation/reply';
import { fetchNewsPage } from './api';
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

export function addReply(posts: NewsPostView[], reply: NewsReply): NewsPostView[] {
  return posts.map((p) =>
    p.id === reply.new_id && !p.replies.some((r) => r.id === reply.id) ? { ...p, replies: [...p.replies, reply] } : p,
  );
}

/**
 * One page of the feed, kept current by the live feed (spec 1, section 4): a post's changes (edits, reads, status)
 * show at once on the post; new, deleted or re-ordered posts reload the page, so a manager's screen only ever shows
 * what the server lets them see; replies are added to their post.
 */
export function useNewsFeed(page: number, perPage: number) {
  const [posts, setPosts] = useState<NewsPostView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Replies that arrived while a page was being fetched: the answer may have been read before them.
  const liveReplies = useRef<NewsReply[]>([]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    liveReplies.current = [];
    fetchNewsPage(page, perPage, abort.signal)
      .then((result) => {
        setPosts(liveReplies.current.reduce(addReply, result.data));
        setTotal(result.total);
        setError(null);
      })
      .catch((e: Error) => {
        if (e?.name !== 'AbortError') setError(e?.message || 'The news feed could not be loaded');
      })
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [page, perPage, version]);

  useEffect(() => {
    const later = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(reload, RELOAD_DELAY_MS);
    };
    const offPosts = subscribeToFeed(NEWS_CHANNEL, (event, items) => {
      if (event === FEED_RESUMED) return reload();
      const changed = items.filter((i): i is FeedPost => !!i && typeof (i as FeedPost).id === 'number');
      if (event !== 'destroy' && event !== 'store') {
        setPosts((list) => list.map((p) => {
          const item = changed.find((c) => c.id === p.id);
          return item ? merge(p, item) : p;
        }));
      }
      if (event === 'destroy') setPosts((list) => list.filter((p) => !changed.some((c) => c.id === p.id)));
      if (RELOADING.has(event)) later();
    });
    const offReplies = subscribeToFeed(REPLY_CHANNEL, (event, items) => {
      if (event !== 'store') return;
      for (const item of items) {
        const reply = item as NewsReply;
        if (reply && typeof reply.id === 'number' && typeof reply.new_id === 'number') {
          liveReplies.current.push(reply);
          setPosts((list) => addReply(list, reply));
        }
      }
    });
    return () => {
      offPosts();
      offReplies();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [reload]);

  /** Puts a post the server just answered in place (our own change, before the feed's echo arrives). */
  const replace = useCallback((post: NewsPostView) => setPosts((list) => list.map((p) => (p.id === post.id ? post : p))), []);
  const appendReply = useCallback((reply: NewsReply) => setPosts((list) => addReply(list, reply)), []);

  return { posts, total, loading, error, reload, replace, appendReply };
}
