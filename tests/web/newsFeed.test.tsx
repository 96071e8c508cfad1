import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { subscribeToFeed, type FeedCallback } from '../../providers/realtime';
import { NEWS_MSG, type NewsPostView } from '../../domain/validation/newsFeed';
import { REPLY_MSG } from '../../domain/validation/reply';
import { IMAGE_MSG } from '../../domain/validation/image';
import { AdminContext } from 'react-admin';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import { EDIT_POST_TITLE, NEW_POST_TITLE, PostDialog } from '../../resources/newsFeed/PostDialog';
import { ADMIN, MANAGER, RESTAURANT, isListCall, listAnswer, mockApi, pickerLists, expectScreenRefused, renderAppAt, storeUser, type ApiCall } from './harness';

vi.mock('../../providers/realtime', () => import('./realtimeStub'));

// ProseMirror (the rich-text editor) measures the page; jsdom lays nothing out, so every box is empty.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const emptyRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, right: 0, bottom: 0, left: 0, toJSON: () => ({}) }) as DOMRect;
beforeAll(() => {
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = emptyRect;
  (Text.prototype as unknown as { getClientRects: () => DOMRectList }).getClientRects = noRects;
  document.elementFromPoint = () => null;
});

function post(id: number, extra: Partial<NewsPostView> = {}): NewsPostView {
  return {
    id,
    postTitle: `Post ${id}`,
    postContent: `<p>Content of post ${id}</p>`,
    img: null,
    status: 10,
    pinned: 20,
    important: 20,
    addressee: 10,
    author_id: 1,
    news_author: 'Alice Admin',
    updated_at: '2024-05-04T12:30:00Z',
    creationDate: '2024-05-04T12:30:00Z',
    readedCount: 3,
    totalReadersCount: 12,
    replies: [],
    for_areas: 20,
    for_restaurants: 20,
    for_drivers: 20,
    news_feed_areas: [],
    news_feed_restaurants: [],
    news_feed_drivers: [],
    can_manage: true,
    ...extra,
  };
}

const AREAS = [
  { id: 11, name: 'Camden', city: { id: 1, city_name: 'London' }, restaurants: [{ id: 7, name: 'Bombay Spice', area_id: 11 }, { id: 8, name: 'Pizza Palace Camden', area_id: 11 }] },
  { id: 12, name: 'Islington', city: { id: 1, city_name: 'London' }, restaurants: [{ id: 9, name: 'Pizza Palace Islington', area_id: 12 }] },
];
const DRIVERS = [{ id: 500, full_name: 'Dan Driver', email: 'driver@demo.test', status: 10 }];

const winter = post(1, {
  postTitle: 'Winter driving',
  postContent: '<p>Check your <strong>tyres</strong>.</p>',
  pinned: 10,
  important: 10,
  img: 'abc123.png',
  replies: [{ id: 70, new_id: 1, reply_author: 'Ella Evans', reply_content: 'Thanks!', author_kind: 'driver', created_at: '2024-05-04T13:00:00Z' }],
});
const camdenPost = post(2, { postTitle: 'Camden parking', addressee: 20, for_areas: 10, news_feed_areas: [{ area_id: 11, name: 'Camden' }], status: 20 });
const adminOnly = post(3, { postTitle: 'Company news', can_manage: false });

type Answer = { status?: number; body?: unknown } | undefined;

function api(posts: NewsPostView[] = [winter, camdenPost, adminOnly], extra: (call: ApiCall) => Answer = () => undefined) {
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    // A record dialog reads its post through the list's id filter; the feed pages with its own call.
    if (isListCall(call, '/api/newsFeed')) return listAnswer(call, 'newsFeed', posts);
    if (call.method === 'GET' && call.path.startsWith('/api/newsFeed')) return { body: { data: posts, total: posts.length } };
    if (call.method === 'GET' && call.path === '/api/driver-message/recipients') return { body: DRIVERS };
    return pickerLists(call, AREAS);
  });
}

async function openFeed(user = ADMIN) {
  storeUser(user);
  renderAppAt('/newsfeed');
  await screen.findByRole('heading', { name: 'News Feed', level: 1 });
  await screen.findByRole('heading', { name: 'Winter driving' });
  return userEvent.setup({ delay: null });
}

const article = (title: string) => screen.getByRole('article', { name: title });
/** Opens a post of the expansion list (its content, actions and replies show once expanded). */
async function expand(u: ReturnType<typeof userEvent.setup>, title: string) {
  const summary = within(article(title)).getAllByRole('button')[0];
  if (summary.getAttribute('aria-expanded') !== 'true') await u.click(summary);
  return article(title);
}
const publish = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Publish' });
const titleField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /^Title/ });
const editor = (dialog: HTMLElement) => dialog.querySelector('.ProseMirror') as HTMLElement;

/** The last subscriber of a feed channel (the screen's). */
function feedOf(channel: string): FeedCallback {
  const call = vi.mocked(subscribeToFeed).mock.calls.filter(([c]) => c === channel).at(-1);
  return call![1];
}

/** Pastes a title: typing key by key through MUI in jsdom costs seconds. */
async function setTitle(u: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, text: string) {
  await u.click(titleField(dialog));
  await u.paste(text);
}

async function openNewPost(u: ReturnType<typeof userEvent.setup>) {
  await u.click(screen.getByRole('button', { name: 'New Post' }));
  return screen.findByRole('dialog', { name: NEW_POST_TITLE });
}

/**
 * The dialog on its own, with react-admin's context (data provider over the fake API): the dialog's own rules,
 * without rendering the whole shell for each case.
 */
async function openDialog(user = ADMIN, onSaved = vi.fn()) {
  storeUser(user);
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <PostDialog onClose={() => {}} onSaved={onSaved} />
    </AdminContext>,
  );
  const dialog = await screen.findByRole('dialog', { name: NEW_POST_TITLE });
  return { u: userEvent.setup({ delay: null }), dialog, onSaved };
}

/** Pastes text into the rich-text editor, as ProseMirror takes a paste. */
async function typeContent(u: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, text: string) {
  await u.click(editor(dialog));
  await u.paste(text);
}

// Each case drives MUI and the editor through many steps; on a busy 2-core machine that can pass 30 s.
describe('News Feed screen', () => {
  it('asks for the first page of 15 and shows each post: title, Important!, author, local time, read count', async () => {
    const calls = api();
    const u = await openFeed();
    expect(calls.find((c) => c.path.startsWith('/api/newsFeed'))!.path).toBe('/api/newsFeed?page=1&perPage=15');
    const first = article('Winter driving');
    // The summary of a collapsed post tells what it is, who wrote it, when, and how many read it.
    expect(within(first).getByRole('heading', { name: 'Winter driving' })).toBeInTheDocument();
    expect(within(first).getByText('Important!')).toBeInTheDocument();
    expect(within(first).getByTitle('Pinned')).toBeInTheDocument();
    expect(within(first).getByText(/Alice Admin · 04\/05\/2024 \d\d:30 ·/)).toBeInTheDocument();
    expect(within(first).getByText('(3 / 12 read)', { exact: false })).toBeInTheDocument();
    await expand(u, 'Winter driving');
    // The image is shown at most 500 by 300, from /images/{img}.
    const image = within(first).getByRole('img', { name: 'Winter driving' });
    expect(image).toHaveAttribute('src', '/images/abc123.png');
    expect(within(first).getByText('tyres').tagName).toBe('STRONG');
    expect(within(first).getByRole('button', { name: 'Press to Pinout' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Press to Hide' })).toBeInTheDocument();

    const hidden = await expand(u, 'Camden parking');
    expect(within(hidden).getByText('Hidden')).toBeInTheDocument();
    expect(within(hidden).getByRole('button', { name: 'Press to Show' })).toBeInTheDocument();
    expect(within(hidden).getByRole('button', { name: 'Press to Pin' })).toBeInTheDocument();
    expect(within(hidden).getByText('For: Areas: Camden')).toBeInTheDocument();
    // A post beyond a manager's scope: its actions are there but disabled.
    expect(within(await expand(u, 'Company news')).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(within(article('Winter driving')).getByRole('button', { name: 'Edit' })).toBeEnabled();
  });

  it('offers 10, 15, 50, 100 and 1000 per page and shows 10 page buttons', async () => {
    const many = Array.from({ length: 15 }, (_, i) => post(100 + i, { postTitle: i === 0 ? 'Winter driving' : `Post ${i}` }));
    const calls = mockApi((call) => {
      if (call.method === 'GET' && call.path.startsWith('/api/newsFeed')) return { body: { data: many, total: 400 } };
      return undefined;
    });
    const u = await openFeed();
    const nav = screen.getByRole('navigation', { name: 'News Feed pages' });
    expect(within(nav).getAllByRole('button', { name: /page \d+$/ })).toHaveLength(10);
    await u.click(screen.getByRole('combobox', { name: 'Per page' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10', '15', '50', '100', '1000']);
    await u.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/api/newsFeed?page=1&perPage=50'));
    await u.click(within(screen.getByRole('navigation', { name: 'News Feed pages' })).getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(calls.at(-1)!.path).toBe('/api/newsFeed?page=3&perPage=50'));
  });

  it('shows a read, a reply and a new post made elsewhere without reloading by hand', async () => {
    const calls = api();
    const u = await openFeed();
    act(() => feedOf('news_feed_channel')('markReaded', [{ ...winter, can_manage: undefined, readedCount: 4 }]));
    expect(within(article('Winter driving')).getByText('(4 / 12 read)', { exact: false })).toBeInTheDocument();

    await u.click(within(await expand(u, 'Winter driving')).getByRole('button', { name: /^View Replies \(1\)/ }));
    act(() =>
      feedOf('reply_channel')('store', [
        { id: 71, new_id: 1, reply_author: 'Dan Driver', reply_content: 'Will do', author_kind: 'driver', created_at: '2024-05-04T14:00:00Z' },
      ]),
    );
    const replies = within(article('Winter driving')).getByRole('list', { name: 'Replies to Winter driving' });
    expect(within(replies).getAllByRole('listitem', { hidden: true }).map((li) => li.textContent)).toEqual([
      expect.stringContaining('Thanks!'),
      expect.stringContaining('Will do'),
    ]);
    // The same reply heard twice is shown once.
    act(() => feedOf('reply_channel')('store', [{ id: 71, new_id: 1, reply_author: 'Dan Driver', reply_content: 'Will do', author_kind: 'driver', created_at: '' }]));
    expect(within(replies).getAllByRole('listitem', { hidden: true })).toHaveLength(2);
    // A read counted before that reply, heard after it, keeps the reply on screen.
    act(() => feedOf('news_feed_channel')('markReaded', [{ ...winter, can_manage: undefined, readedCount: 5 }]));
    expect(within(article('Winter driving')).getByText('(5 / 12 read)', { exact: false })).toBeInTheDocument();
    expect(within(replies).getAllByRole('listitem', { hidden: true }).map((li) => li.textContent)).toEqual([
      expect.stringContaining('Thanks!'),
      expect.stringContaining('Will do'),
    ]);

    const before = calls.filter((c) => c.path.startsWith('/api/newsFeed')).length;
    act(() => feedOf('news_feed_channel')('store', [post(9, { postTitle: 'Fresh news' })]));
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/newsFeed')).length).toBe(before + 1));
  });

  it('hides a post, and shows the refusal of a post beyond a manager scope', async () => {
    const calls = api(undefined, (call) => {
      if (call.path === '/api/newsFeed/changeStatus/1') return { body: { ...winter, status: 20 } };
      if (call.path === '/api/newsFeed/changePinned/2') return { status: 403, body: { message: NEWS_MSG.cannotManage } };
      return undefined;
    });
    const u = await openFeed();
    await u.click(within(await expand(u, 'Winter driving')).getByRole('button', { name: 'Press to Hide' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/newsFeed/changeStatus/1')!.body).toEqual({ status: 20 }));
    expect(await within(article('Winter driving')).findByRole('button', { name: 'Press to Show' })).toBeInTheDocument();
    await u.click(within(await expand(u, 'Camden parking')).getByRole('button', { name: 'Press to Pin' }));
    expect(await screen.findByText(NEWS_MSG.cannotManage)).toBeInTheDocument();
  });

  it("confirms a removal with 'Remove news {post title}?'", async () => {
    const calls = api(undefined, (call) => (call.method === 'DELETE' ? { status: 204 } : undefined));
    const u = await openFeed();
    await u.click(within(await expand(u, 'Camden parking')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove news Camden parking?' });
    await u.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/newsFeed/2')).toBe(true));
  });

  it("asks for reply content ('Please enter Reply content') and sends reply_content with new_id", async () => {
    const calls = api(undefined, (call) =>
      call.path === '/api/reply'
        ? { status: 201, body: { id: 72, new_id: 2, reply_author: 'Alice Admin', reply_content: 'On it', author_kind: 'user', created_at: '2024-05-04T15:00:00Z' } }
        : undefined,
    );
    const u = await openFeed();
    await u.click(within(await expand(u, 'Camden parking')).getByRole('button', { name: 'Add Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Reply to News Feed' });
    const send = within(dialog).getByRole('button', { name: 'Send Reply' });
    expect(send).toBeDisabled();
    await u.type(within(dialog).getByRole('textbox', { name: /^Reply/ }), '   ');
    await u.tab();
    expect(await within(dialog).findByText(REPLY_MSG.contentRequired)).toBeInTheDocument();
    expect(send).toBeDisabled();
    await u.type(within(dialog).getByRole('textbox', { name: /^Reply/ }), 'On it');
    await u.click(send);
    await waitFor(() => expect(calls.find((c) => c.path === '/api/reply')!.body).toEqual({ reply_content: 'On it', new_id: 2 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await u.click(within(article('Camden parking')).getByRole('button', { name: /^View Replies \(1\)/ }));
    expect(within(article('Camden parking')).getByText('On it')).toBeInTheDocument();
  });

  it('opens Publish a New Post / Message All from New Post, and Cancel closes it', async () => {
    api();
    const u = await openFeed();
    const dialog = await openNewPost(u);
    expect(publish(dialog)).toBeDisabled();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not open to restaurant accounts', async () => {
    await expectScreenRefused(RESTAURANT, '/newsfeed', api(), '/api/newsFeed');
  });
});

describe('Publish a New Post / Message All dialog', () => {
  it('keeps Publish disabled until title and content are given, with the messages of the spec', async () => {
    api();
    const { u, dialog } = await openDialog();
    expect(publish(dialog)).toBeDisabled();
    await u.click(titleField(dialog));
    await u.tab();
    expect(await within(dialog).findByText(NEWS_MSG.titleRequired)).toBeInTheDocument();
    await setTitle(u, dialog, 'Rota change');
    expect(within(dialog).queryByText(NEWS_MSG.titleRequired)).not.toBeInTheDocument();
    expect(publish(dialog)).toBeDisabled(); // content still empty

    await typeContent(u, dialog, 'New rota from Monday');
    await waitFor(() => expect(publish(dialog)).toBeEnabled());
    // Emptied again, the rich text counts as empty.
    await u.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(publish(dialog)).toBeDisabled());
    expect(await within(dialog).findByText(NEWS_MSG.contentRequired)).toBeInTheDocument();
  });

  it("asks for the chosen mode's list: 'Please select an area'", async () => {
    api();
    const { u, dialog } = await openDialog();
    await setTitle(u, dialog, 'Parking');
    await typeContent(u, dialog, 'Use the side streets');
    await waitFor(() => expect(publish(dialog)).toBeEnabled()); // All drivers

    await u.click(within(dialog).getByRole('radio', { name: 'Selected Areas' }));
    expect(publish(dialog)).toBeDisabled();
    const areas = within(dialog).getByRole('combobox', { name: /^Areas/ });
    await u.click(areas);
    await u.tab();
    expect(await within(dialog).findByText(NEWS_MSG.areaRequired)).toBeInTheDocument();
    await u.click(areas);
    await u.click(await screen.findByRole('option', { name: 'Camden' }));
    await waitFor(() => expect(within(dialog).queryByText(NEWS_MSG.areaRequired)).not.toBeInTheDocument());
    expect(publish(dialog)).toBeEnabled();

    // Changing the mode clears the selection: back on areas, Camden is no longer chosen.
    await u.click(within(dialog).getByRole('radio', { name: 'Selected Restaurants' }));
    expect(publish(dialog)).toBeDisabled();
    await u.click(within(dialog).getByRole('radio', { name: 'Selected Areas' }));
    expect(within(dialog).queryByRole('button', { name: 'Camden' })).not.toBeInTheDocument();
    expect(publish(dialog)).toBeDisabled();
  });

  it("asks for restaurants ('Please select a restaurant') and drivers ('Please select (a) driver(s)')", async () => {
    api();
    const { u, dialog } = await openDialog();
    await u.click(within(dialog).getByRole('radio', { name: 'Selected Restaurants' }));
    await u.click(within(dialog).getByRole('combobox', { name: /^Restaurants/ }));
    await u.tab();
    expect(await within(dialog).findByText(NEWS_MSG.restaurantRequired)).toBeInTheDocument();

    await u.click(within(dialog).getByRole('radio', { name: 'Selected Driver(s)' }));
    expect(within(dialog).queryByText(NEWS_MSG.restaurantRequired)).not.toBeInTheDocument();
    await u.click(within(dialog).getByRole('combobox', { name: /^Drivers/ }));
    await u.tab();
    expect(await within(dialog).findByText(NEWS_MSG.driverRequired)).toBeInTheDocument();
    expect(publish(dialog)).toBeDisabled();
  });

  it('checks the image file: size and type', async () => {
    api();
    const { u, dialog } = await openDialog();
    const input = within(dialog).getByLabelText('Image file') as HTMLInputElement;
    const big = new File(['x'], 'photo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10_000_001 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(dialog).findByText(IMAGE_MSG.tooLarge)).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })] } });
    expect(await within(dialog).findByText(IMAGE_MSG.unsupported)).toBeInTheDocument();
    await setTitle(u, dialog, 'With image');
    await typeContent(u, dialog, 'Look');
    expect(publish(dialog)).toBeDisabled();
    fireEvent.change(input, { target: { files: [new File(['png'], 'map.png', { type: 'image/png' })] } });
    await waitFor(() => expect(publish(dialog)).toBeEnabled());
    expect(within(dialog).getByText('map.png')).toBeInTheDocument();
  });

  it('sends the multipart body: title, content, important, the list only when non-empty, and the file', async () => {
    const calls = api(undefined, (call) => (call.method === 'POST' && call.path === '/api/newsFeed' ? { status: 201, body: post(10) } : undefined));
    const { u, dialog, onSaved } = await openDialog();
    await setTitle(u, dialog, 'Thermal bags');
    await typeContent(u, dialog, 'Collect one');
    await u.click(within(dialog).getByRole('checkbox', { name: 'Important' }));
    await u.click(within(dialog).getByRole('radio', { name: 'Selected Restaurants' }));
    await u.click(within(dialog).getByRole('combobox', { name: /^Restaurants/ }));
    await u.click(await screen.findByRole('option', { name: 'Pizza Palace Islington' }));
    fireEvent.change(within(dialog).getByLabelText('Image file'), { target: { files: [new File(['png'], 'bag.png', { type: 'image/png' })] } });
    await waitFor(() => expect(publish(dialog)).toBeEnabled());
    await u.click(publish(dialog));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/newsFeed')).toBe(true));
    const body = calls.find((c) => c.method === 'POST' && c.path === '/api/newsFeed')!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('postTitle')).toBe('Thermal bags');
    expect(body.get('postContent')).toBe('<p>Collect one</p>');
    expect(body.get('important')).toBe('10');
    expect(body.get('addressee')).toBe('30');
    expect(body.get('restaurants')).toBe('[9]');
    expect(body.has('areas')).toBe(false);
    expect(body.has('drivers')).toBe(false);
    expect((body.get('file') as File).name).toBe('bag.png');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(post(10)));
  });

  it("shows the server's message on its field and keeps the dialog open", async () => {
    api(undefined, (call) =>
      call.method === 'POST' && call.path === '/api/newsFeed' ? { status: 402, body: { message: IMAGE_MSG.unsupported, file: [IMAGE_MSG.unsupported] } } : undefined,
    );
    const { u, dialog } = await openDialog();
    await setTitle(u, dialog, 'Disguised');
    await typeContent(u, dialog, 'Body');
    fireEvent.change(within(dialog).getByLabelText('Image file'), { target: { files: [new File(['<svg/>'], 'fake.png', { type: 'image/png' })] } });
    await waitFor(() => expect(publish(dialog)).toBeEnabled());
    await u.click(publish(dialog));
    expect(await within(dialog).findByText(IMAGE_MSG.unsupported)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: NEW_POST_TITLE })).toBeInTheDocument();
  });

  it('does not offer All to a manager and starts on Selected Areas', async () => {
    api();
    const { dialog } = await openDialog(MANAGER);
    expect(within(dialog).getByRole('radio', { name: 'All' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Selected Areas' })).toBeChecked();
    expect(within(dialog).getByText(NEWS_MSG.allIsForAdministrators)).toBeInTheDocument();
  });
});

describe('Edit Post dialog', () => {
  it('opens with the post filled in and saves with _method PATCH', async () => {
    const calls = api(undefined, (call) => (call.method === 'POST' && call.path === '/api/newsFeed/2' ? { body: camdenPost } : undefined));
    const u = await openFeed();
    await u.click(within(await expand(u, 'Camden parking')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: EDIT_POST_TITLE });
    expect(titleField(dialog)).toHaveValue('Camden parking');
    await waitFor(() => expect(editor(dialog).textContent).toBe('Content of post 2'));
    expect(within(dialog).getByRole('radio', { name: 'Selected Areas' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Camden' })).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await u.clear(titleField(dialog));
    expect(save).toBeDisabled();
    await setTitle(u, dialog, 'Camden parking rules');
    await u.click(save);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/newsFeed/2')).toBe(true));
    const body = calls.find((c) => c.path === '/api/newsFeed/2')!.body as FormData;
    expect(body.get('_method')).toBe('PATCH');
    expect(body.get('id')).toBe('2');
    expect(body.get('postTitle')).toBe('Camden parking rules');
    expect(body.get('areas')).toBe('[11]');
  });
});
