import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import errorsPlugin from '../../server/plugins/errors';
import { readMultipart, fileOf } from '../../server/plugins/uploads';
import { DRIVER_PHOTO_TYPES, POST_IMAGE_TYPES, removeImage, sniffImage, storeImage } from '../../server/services/images';
import { decodeBmp } from '../../server/services/bmp';
import { IMAGE_MSG, imageFileProblem } from '../../domain/validation/image';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-test-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } }).jpeg().toBuffer();

/** A 24-bit bottom-up BMP: top row red, bottom row blue, as Paint saves them. */
function bmp24(width: number, height: number): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + rowSize * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) {
    const topRow = y === height - 1; // bottom-up: the last stored row is the top of the picture
    for (let x = 0; x < width; x++) {
      const at = 54 + y * rowSize + x * 3;
      buf[at] = topRow ? 0 : 255; // B
      buf[at + 2] = topRow ? 255 : 0; // R
    }
  }
  return buf;
}

describe('image type from the bytes', () => {
  it('recognises png, jpeg and bmp whatever the name says, and nothing else', async () => {
    expect(sniffImage(await png(2, 2))).toBe('png');
    expect(sniffImage(await jpeg(2, 2))).toBe('jpeg');
    expect(sniffImage(bmp24(2, 2))).toBe('bmp');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a......'))).toBeNull();
  });

  it('decodes a bottom-up 24-bit BMP with the right orientation and colours', () => {
    const decoded = decodeBmp(bmp24(3, 2))!;
    expect(decoded).toMatchObject({ width: 3, height: 2 });
    expect([...decoded.pixels.subarray(0, 4)]).toEqual([255, 0, 0, 255]); // top-left red
    expect([...decoded.pixels.subarray(12, 16)]).toEqual([0, 0, 255, 255]); // bottom-left blue
  });
});

describe('storeImage', () => {
  it('shrinks a wide photo to 1920 px, keeps jpeg, and writes a thumbnail', async () => {
    const stored = await storeImage(dataDir, await jpeg(2400, 1200), { field: 'file', accept: POST_IMAGE_TYPES });
    expect(stored).toMatchObject({ width: 1920, height: 960 });
    expect(stored.file).toMatch(/^[0-9a-f]{24}\.jpg$/);
    const meta = await sharp(path.join(dataDir, 'images', stored.file)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1920 });
    const thumb = await sharp(path.join(dataDir, 'images', 'thumb', stored.file)).metadata();
    expect(thumb.width).toBeLessThanOrEqual(240);
  });

  it('keeps a small png at its size and stores a BMP as png', async () => {
    const small = await storeImage(dataDir, await png(300, 200), { field: 'file', accept: POST_IMAGE_TYPES });
    expect(small).toMatchObject({ width: 300, height: 200 });
    const fromBmp = await storeImage(dataDir, bmp24(4, 4), { field: 'file', accept: POST_IMAGE_TYPES });
    expect(fromBmp.file).toMatch(/\.png$/);
    expect((await sharp(path.join(dataDir, 'images', fromBmp.file)).metadata()).format).toBe('png');
  });

  it("refuses a non-image, a broken image and a BMP driver photo with 'Unsupported file type' (402) on the field", async () => {
    const attempts: [string, Buffer, typeof POST_IMAGE_TYPES][] = [
      ['photo_src', Buffer.from('just text, named photo.png'), DRIVER_PHOTO_TYPES],
      ['file', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(50)]), POST_IMAGE_TYPES],
      ['identity_photo', bmp24(2, 2), DRIVER_PHOTO_TYPES],
    ];
    for (const [field, bytes, accept] of attempts) {
      await expect(storeImage(dataDir, bytes, { field, accept })).rejects.toMatchObject({
        statusCode: 402,
        body: { [field]: [IMAGE_MSG.unsupported] },
      });
    }
    expect(fs.readdirSync(path.join(dataDir))).not.toContain('images');
  });

  it('removes an image and its thumbnail, and ignores names that try to leave the folder', async () => {
    const stored = await storeImage(dataDir, await png(10, 10), { field: 'file', accept: POST_IMAGE_TYPES });
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'keep');
    await removeImage(dataDir, '../secret.txt');
    expect(fs.existsSync(path.join(dataDir, 'secret.txt'))).toBe(true);
    await removeImage(dataDir, stored.file);
    expect(fs.existsSync(path.join(dataDir, 'images', stored.file))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'images', 'thumb', stored.file))).toBe(false);
  });
});

describe('readMultipart', () => {
  async function echoApp() {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(multipart);
    app.post('/echo', async (request) => {
      const body = await readMultipart(request);
      return { fields: body.fields, file: fileOf(body, 'file')?.bytes.length ?? null };
    });
    return app;
  }

  function form(parts: { name: string; value?: string; file?: Buffer }[]): { payload: Buffer; headers: Record<string, string> } {
    const boundary = '----test' + Math.random().toString(16).slice(2);
    const chunks: Buffer[] = [];
    for (const p of parts) {
      const disposition = p.file ? `form-data; name="${p.name}"; filename="${p.name}.png"` : `form-data; name="${p.name}"`;
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.file ? 'Content-Type: image/png\r\n' : ''}\r\n`));
      chunks.push(p.file ?? Buffer.from(p.value ?? ''));
      chunks.push(Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it("drops fields that are null or 'null' and keeps the file", async () => {
    const app = await echoApp();
    const res = await app.inject({ method: 'POST', url: '/echo', ...form([
      { name: 'postTitle', value: 'Hello' },
      { name: 'areas', value: 'null' },
      { name: 'file', file: Buffer.alloc(1234, 1) },
    ]) });
    expect(res.json()).toEqual({ fields: { postTitle: 'Hello' }, file: 1234 });
    await app.close();
  });

  it("refuses a file over 10,000,000 bytes with 'File size should be less than 10 MB!' on its field", async () => {
    const app = await echoApp();
    const res = await app.inject({ method: 'POST', url: '/echo', ...form([{ name: 'file', file: Buffer.alloc(10_000_001) }]) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: [IMAGE_MSG.tooLarge] });
    await app.close();
  });

  it('checks a chosen file on the form side by size and name', () => {
    expect(imageFileProblem({ name: 'a.PNG', size: 10 })).toBeNull();
    expect(imageFileProblem({ name: 'a.bmp', size: 10_000_001 })).toBe(IMAGE_MSG.tooLarge);
    expect(imageFileProblem({ name: 'a.gif', size: 10 })).toBe(IMAGE_MSG.unsupported);
    expect(imageFileProblem({ name: 'a.bmp', size: 10 }, ['png', 'jpg', 'jpeg'])).toBe(IMAGE_MSG.unsupported);
  });
});
