/**
 * A small decoder for the BMP files people actually upload (uncompressed 8-, 24- and 32-bit, as saved by
 * Paint and most screenshot tools), because the image library reads png and jpeg but not bmp.
 * Returns RGBA pixels top row first, or null for a variant it does not handle (RLE, 1/4/16-bit).
 */
export interface DecodedBmp {
  width: number;
  height: number;
  pixels: Buffer;
}

const MAX_PIXELS = 50_000_000;

export function decodeBmp(bytes: Buffer): DecodedBmp | null {
  if (bytes.length < 54 || bytes.toString('latin1', 0, 2) !== 'BM') return null;
  const dataOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize < 40) return null;
  const width = bytes.readInt32LE(18);
  const rawHeight = bytes.readInt32LE(22);
  const bitCount = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  const bottomUp = rawHeight > 0;
  if (width <= 0 || height === 0 || width * height > MAX_PIXELS) return null;
  // 0 = BI_RGB; 3 = BI_BITFIELDS, accepted for 32-bit with the usual BGRA masks.
  if (!(compression === 0 || (compression === 3 && bitCount === 32))) return null;
  if (![8, 24, 32].includes(bitCount)) return null;

  const rowSize = Math.ceil((width * bitCount) / 32) * 4;
  if (dataOffset + rowSize * height > bytes.length) return null;

  let palette: Buffer | null = null;
  if (bitCount === 8) {
    const colours = bytes.readUInt32LE(46) || 256;
    const start = 14 + headerSize;
    if (start + colours * 4 > dataOffset) return null;
    palette = bytes.subarray(start, start + colours * 4);
  }

  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const row = dataOffset + (bottomUp ? height - 1 - y : y) * rowSize;
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * 4;
      let b: number, g: number, r: number, a = 255;
      if (palette) {
        const index = bytes[row + x] * 4;
        if (index + 2 >= palette.length) return null;
        [b, g, r] = [palette[index], palette[index + 1], palette[index + 2]];
      } else {
        const at = row + x * (bitCount / 8);
        [b, g, r] = [bytes[at], bytes[at + 1], bytes[at + 2]];
        // Only a header declaring an alpha mask (at byte 66) makes the 4th byte alpha; otherwise it is unused.
        if (bitCount === 32 && headerSize >= 56 && bytes.readUInt32LE(66) === 0xff000000) a = bytes[at + 3];
      }
      pixels[out] = r;
      pixels[out + 1] = g;
      pixels[out + 2] = b;
      pixels[out + 3] = a;
    }
  }
  return { width, height, pixels };
}
