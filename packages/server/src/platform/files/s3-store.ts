import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  type ByteRange,
  checkKey,
  type FileStore,
  type OpenedObject,
  type PutOptions,
  type StoredObject,
  StoredObjectMissingError,
} from './file-store.ts';
import { ByteMeter } from './metered.ts';

/**
 * Parts of a multipart upload. S3 wants at least 5 MiB per part but the last; 8 MiB keeps one part
 * in memory at a time while a 500 MB file needs 63 parts (S3 allows 10,000).
 */
const PART_BYTES = 8 * 1024 * 1024;

export interface S3StoreOptions {
  /** `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true` */
  url: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

export interface S3Location {
  bucket: string;
  prefix: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname)
    throw new Error(`FILE_STORE_URL must look like s3://bucket[/prefix]?endpoint=…, got ${url}`);
  const prefix = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket: parsed.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: parsed.searchParams.get('endpoint') ?? undefined,
    region: parsed.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: parsed.searchParams.get('forcePathStyle') === 'true',
  };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible object store (AWS S3, MinIO, Ceph, s3rver in the tests). Small files
 * go up in one PutObject once they are complete; larger ones as a multipart upload, one part in
 * memory at a time, aborted on any failure, so a refused upload leaves no object and no parts.
 */
export function s3FileStore(options: S3StoreOptions): FileStore {
  const where = parseS3Url(options.url);
  const client = new S3Client({
    region: where.region,
    forcePathStyle: where.forcePathStyle,
    ...(where.endpoint ? { endpoint: where.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Newer SDKs add CRC checksums to every upload, which S3-compatible stores do not all accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = where.bucket;
  const objectKey = (key: string) => where.prefix + checkKey(key);

  async function put(
    key: string,
    source: Readable | AsyncIterable<Uint8Array>,
    options: PutOptions = {},
  ): Promise<StoredObject> {
    const Key = objectKey(key);
    const meter = new ByteMeter(options.maxBytes);
    const ContentType = options.contentType;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string; PartNumber: number }[] = [];
    const sendPart = async () => {
      uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType })))
        .UploadId;
      const Body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const PartNumber = parts.length + 1;
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body }),
      );
      parts.push({ ETag: ETag ?? '', PartNumber });
    };
    try {
      for await (const chunk of source) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        meter.add(bytes);
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (pendingBytes >= PART_BYTES) await sendPart();
      }
      if (uploadId === undefined) {
        const Body = Buffer.concat(pending, pendingBytes);
        await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType }));
      } else {
        if (pendingBytes > 0) await sendPart();
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      }
    } catch (error) {
      if (uploadId !== undefined)
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => {});
      throw error;
    }
    return { key, size: meter.size, sha256: meter.sha256() };
  }

  return {
    kind: 's3',
    put,
    async open(key, range?: ByteRange): Promise<OpenedObject> {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
        const size = total !== undefined ? Number(total) : Number(answer.ContentLength ?? 0);
        return { stream: answer.Body as Readable, size, ...(range ? { range } : {}) };
      } catch (error) {
        if (isMissing(error)) throw new StoredObjectMissingError(key);
        throw error;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}
