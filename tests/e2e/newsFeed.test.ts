import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, logIn, recordLiveFeed, startServer, type RunningServer } from '../helpers/e2e';

let server: RunningServer;
let browser: Browser;
let imageFile: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  imageFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'news-e2e-')), 'roadworks.png');
  fs.writeFileSync(imageFile, await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer());
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (imageFile) fs.rmSync(path.dirname(imageFile), { recursive: true, force: true });
});

/** The drivers' app: it logs in to the API and calls it; no browser involved. */
async function driverApi(email: string) {
  const login = await fetch(`${server.url}/api/auth/login/driver`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  expect(login.status).toBe(200);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}`, 'X-Requested-With': 'XMLHttpRequest' };
  const json = { ...headers, 'Content-Type': 'application/json' };
  return {
    async feed() {
      const res = await fetch(`${server.url}/api/driver-app/newsFeed`, { headers });
      expect(res.status).toBe(200);
      return (await res.json()) as { id: number; postTitle: string; img: string | null; readed: number }[];
    },
    async read(id: number) {
      const res = await fetch(`${server.url}/api/driver-app/newsFeed/markReaded/${id}`, { method: 'POST', headers });
      expect(res.status).toBe(200);
    },
    async reply(id: number, text: string) {
      const res = await fetch(`${server.url}/api/driver-app/newsFeed/reply`, { method: 'POST', headers: json, body: JSON.stringify({ reply_content: text, new_id: id }) });
      expect(res.status).toBe(201);
    },
  };
}

const post = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** The page's live feed, recorded from its first socket, for a failing live assertion to explain itself. */
const feedLogs = new WeakMap<Page, ReturnType<typeof recordLiveFeed>>();

async function openFeed(email: string, width = 1366, height = 800): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  feedLogs.set(page, recordLiveFeed(page));
  await logIn(page, server.url, email, 'Admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.getByRole('menuitem', { name: 'News Feed' }).click();
  await page.waitForURL(`${server.url}/newsfeed`);
  await page.getByRole('heading', { name: 'News Feed', level: 1 }).waitFor();
  return page;
}

describe('News Feed screen', () => {
  it('publishes a post with an image; a driver reads and replies through the API and the open feed shows both live', async () => {
    const page = await openFeed('admin@demo.test');
    await page.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish a New Post / Message All' });
    const publish = dialog.getByRole('button', { name: 'Publish' });
    expect(await publish.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Camden roadworks this week');
    await dialog.locator('.ProseMirror').click();
    await page.keyboard.type('Parkway is closed from Monday. ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Use Camden Road.');
    await dialog.getByLabel('Image file').setInputFiles(imageFile);
    await dialog.getByRole('checkbox', { name: 'Important' }).check();
    await dialog.getByRole('radio', { name: 'Selected Areas' }).check();
    expect(await publish.isDisabled()).toBe(true); // no area chosen yet
    await dialog.getByRole('combobox', { name: /^Areas/ }).click();
    await page.getByRole('option', { name: 'Camden', exact: true }).click();
    await expect.poll(() => publish.isEnabled()).toBe(true);
    await publish.click();
    await dialog.waitFor({ state: 'detached' });

    const card = post(page, 'Camden roadworks this week');
    await card.waitFor();
    expect(await card.getByText('Important!').count()).toBe(1);
    const summary = await card.getByText(/Alice Admin · \d\d\/\d\d\/\d{4} \d\d:\d\d · \(0 \/ \d+ read\)/).textContent();
    const total = Number(/\(0 \/ (\d+) read\)/.exec(summary!)![1]);
    expect(total).toBeGreaterThan(0);
    await card.getByRole('heading', { name: 'Camden roadworks this week' }).click();
    const image = card.getByRole('img', { name: 'Camden roadworks this week' });
    await image.waitFor();
    const src = await image.getAttribute('src');
    expect(src).toMatch(/^\/images\/[0-9a-f]{24}\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    const box = (await image.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(500);
    expect(box.height).toBeLessThanOrEqual(300);
    expect(await card.locator('.post-content strong').textContent()).toBe('Use Camden Road.');
    // The feed asks for its page again after a publish (its own save and the feed's store event): the replies are
    // opened once those answers are drawn, as a reader would, and the test checks they then stay open.
    await page.waitForLoadState('networkidle');
    await card.getByRole('button', { name: /^View Replies \(0\)/ }).click();
    await card.getByRole('button', { name: /^Hide Replies \(0\)/ }).waitFor();

    // Dan works in Camden: his app lists the post, he reads it and replies.
    const dan = await driverApi('driver@demo.test');
    const mine = (await dan.feed()).find((p) => p.postTitle === 'Camden roadworks this week')!;
    expect(mine).toMatchObject({ readed: 20, img: src!.replace('/images/', '') });
    await dan.read(mine.id);
    await dan.reply(mine.id, 'Thanks, I will go round by Camden Road.');

    // The open feed shows the new count and the reply without a reload.
    const replies = card.getByRole('list', { name: 'Replies to Camden roadworks this week' });
    try {
      await expect.poll(() => card.getByText(`(1 / ${total} read)`, { exact: false }).count()).toBe(1);
      await expect.poll(() => replies.getByRole('listitem').allTextContents()).toEqual([
        expect.stringMatching(/^Dan Driverdriver · .*Thanks, I will go round by Camden Road\.$/),
      ]);
    } catch (error) {
      throw feedLogs.get(page)!.explain(error, await card.innerText());
    }
    expect(await card.getByRole('button', { name: /^Hide Replies \(1\)/ }).count()).toBe(1);

    // The office answers from the panel.
    await card.getByRole('button', { name: 'Add Reply' }).click();
    const replyDialog = page.getByRole('dialog', { name: 'Add Reply to News Feed' });
    await replyDialog.getByRole('textbox', { name: /^Reply/ }).fill('Great, thank you Dan.');
    await replyDialog.getByRole('button', { name: 'Send Reply' }).click();
    await replyDialog.waitFor({ state: 'detached' });
    await expect.poll(() => replies.getByRole('listitem').count()).toBe(2);

    // Hide it: the driver no longer sees it; pin it: it moves to the top.
    await card.getByRole('button', { name: 'Press to Hide' }).click();
    await card.getByRole('button', { name: 'Press to Show' }).waitFor();
    expect((await dan.feed()).some((p) => p.id === mine.id)).toBe(false);
    await card.getByRole('button', { name: 'Press to Pin' }).click();
    await card.getByRole('button', { name: 'Press to Pinout' }).waitFor();
    await expect.poll(() => page.getByRole('article').first().getAttribute('aria-labelledby')).toBe(`post-${mine.id}-title`);
    await page.context().close();
  });

  it('lets a manager post to their own area only, and edit and remove that post', async () => {
    const page = await openFeed('manager@demo.test');
    // An administrator's post to all drivers is shown, but it is not the manager's to change.
    const winter = post(page, 'Winter driving: stay safe on icy roads');
    await winter.getByRole('heading').click();
    expect(await winter.getByRole('button', { name: 'Edit' }).isDisabled()).toBe(true);
    expect(await page.getByRole('article', { name: 'Manchester: Christmas market road closures' }).count()).toBe(0);

    await page.getByRole('button', { name: 'New Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish a New Post / Message All' });
    expect(await dialog.getByRole('radio', { name: 'All' }).isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Islington: new loading bay');
    await dialog.locator('.ProseMirror').click();
    await page.keyboard.type('A loading bay opens outside Pizza Palace Islington.');
    await dialog.getByRole('combobox', { name: /^Areas/ }).click();
    // Only the manager's own areas are offered.
    expect(await page.getByRole('option').allTextContents()).toEqual(['Camden', 'Islington']);
    await page.getByRole('option', { name: 'Islington' }).click();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = post(page, 'Islington: new loading bay');
    await card.getByRole('heading').click();
    expect(await card.getByText('For: Areas: Islington').count()).toBe(1);
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Post' });
    await expect.poll(() => edit.locator('.ProseMirror').textContent()).toBe('A loading bay opens outside Pizza Palace Islington.');
    await edit.getByRole('textbox', { name: /^Title/ }).fill('Islington: loading bay open');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    const renamed = post(page, 'Islington: loading bay open');
    await renamed.waitFor();

    await renamed.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove news Islington: loading bay open?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => renamed.count()).toBe(0);
    await page.context().close();
  });
});
