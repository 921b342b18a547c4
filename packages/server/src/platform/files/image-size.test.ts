import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size.ts';
import { parseS3Url } from './s3-store.ts';

function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.concat([Buffer.from([0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(9)]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(16)]);
}

describe('image pixel size from the first bytes', () => {
  it('reads PNG, GIF and JPEG headers', () => {
    const png = Buffer.alloc(32);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    png.write('IHDR', 12, 'ascii');
    png.writeUInt32BE(600, 16);
    png.writeUInt32BE(235, 20);
    expect(imageSize(png)).toEqual({ width: 600, height: 235 });

    const gif = Buffer.alloc(16);
    gif.write('GIF89a', 0, 'ascii');
    gif.writeUInt16LE(135, 6);
    gif.writeUInt16LE(35, 8);
    expect(imageSize(gif)).toEqual({ width: 135, height: 35 });

    expect(imageSize(jpeg(260, 105))).toEqual({ width: 260, height: 105 });
  });

  it('answers null for other or cut-short bytes', () => {
    expect(imageSize(Buffer.from('not an image at all, just text'))).toBeNull();
    expect(imageSize(jpeg(260, 105).subarray(0, 12))).toBeNull();
    expect(imageSize(Buffer.alloc(0))).toBeNull();
  });
});

describe('FILE_STORE_URL', () => {
  it('names the bucket, prefix, endpoint, region and path style', () => {
    expect(
      parseS3Url(
        's3://fleet-files/prod/eu?endpoint=http%3A%2F%2Fminio%3A9000&region=eu-west-1&forcePathStyle=true',
      ),
    ).toEqual({
      bucket: 'fleet-files',
      prefix: 'prod/eu/',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(parseS3Url('s3://fleet-files')).toEqual({
      bucket: 'fleet-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(() => parseS3Url('https://fleet-files')).toThrow(/s3:\/\/bucket/);
  });
});
