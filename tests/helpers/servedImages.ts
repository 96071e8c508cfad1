import sharp from 'sharp';
import type { Locator } from 'playwright-core';

/** The width of an image as the server at `url` serves it (the request must succeed). */
export async function servedWidth(url: string, src: string): Promise<number> {
  const res = await fetch(new URL(src, url));
  expect(res.status).toBe(200);
  return (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width!;
}

/**
 * An uploaded photo as a dialog shows it: loaded, from a thumbnail at most 240 px wide, whose stored original is
 * 1920 px wide (re-compressed on upload). Returns the thumbnail's path.
 */
export async function expectShownFromThumbnail(url: string, img: Locator): Promise<string> {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  const thumb = (await img.getAttribute('src'))!;
  expect(thumb).toMatch(/^\/images\/thumb\/[0-9a-f]{24}\.jpg$/);
  expect(await servedWidth(url, thumb)).toBeLessThanOrEqual(240);
  expect(await servedWidth(url, thumb.replace('/thumb', ''))).toBe(1920);
  return thumb;
}
