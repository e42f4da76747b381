import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { LRUCache } from "lru-cache";
import type { ServerConfig } from "../config";

/**
 * Where the shop's media (product pictures, ad banners and videos, their AVIF twins) live. Every
 * name carries a content hash, so an object is written once and never changes: readers may cache
 * it for good. Keys are relative paths such as `products/upload-640-ab12cd34ef.webp`; their public
 * address is `/media/<key>`.
 */
export interface MediaStore {
  readonly kind: "local" | "s3";
  /** the folder served directly from disk (the local store), or null */
  readonly localRoot: string | null;
  put(key: string, body: Buffer): Promise<void>;
  /** the object's bytes, or null when there is none */
  read(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /**
   * The object for an answer: its bytes when small (kept in memory for the next request), a
   * stream otherwise. `range` is an HTTP Range header, passed on (videos are played by ranges).
   */
  open(key: string, range?: string): Promise<MediaObject | null>;
}

export interface MediaObject {
  body: Buffer | Readable;
  /** bytes in `body` */
  length: number;
  /** set when `body` is a part of the object: `bytes a-b/total` */
  contentRange?: string;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** The store key of a `/media/…` address, or null for anything else (or a path that climbs out). */
export function mediaKey(address: string): string | null {
  if (!address.startsWith("/media/")) return null;
  let key: string;
  try {
    key = decodeURIComponent(address.slice("/media/".length).split("?")[0]!);
  } catch {
    return null;
  }
  return isMediaKey(key) ? key : null;
}

export function isMediaKey(key: string): boolean {
  return KEY.test(key) && !key.split("/").some((part) => part === ".." || part === ".");
}

function checkKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
  return key;
}

const TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  webm: "video/webm",
  pdf: "application/pdf",
};

export function mediaContentType(key: string): string {
  return TYPES[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}

/** Today's behaviour and the default: files under DATA_DIR/media, served straight from disk. */
export function localMediaStore(root: string): MediaStore {
  const file = (key: string) => path.join(root, checkKey(key));
  return {
    kind: "local",
    localRoot: root,
    async put(key, body) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // written beside and renamed: a reader never sees half a file under its final name
      const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await fs.writeFile(partial, body);
      await fs.rename(partial, target);
    },
    async read(key) {
      try {
        return await fs.readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await fs.access(file(key));
        return true;
      } catch {
        return false;
      }
    },
    async open(key) {
      const body = await this.read(key);
      return body ? { body, length: body.length } : null;
    },
  };
}

export interface S3MediaOptions {
  bucket: string;
  /** unset for AWS itself; the account's endpoint for R2, the server's address for MinIO */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path rather than the host name (MinIO, most self-hosted stores) */
  forcePathStyle?: boolean;
  /** prepended to every key, to share a bucket */
  prefix?: string;
  /** bytes of small objects kept in this process's memory (they never change) */
  cacheBytes?: number;
}

/** Objects this size or smaller are read whole and kept in memory: every product picture is. */
const CACHED_OBJECT_MAX = 512 * 1024;

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO) that every app server reads and writes,
 * so a picture uploaded through one server is served by all of them.
 */
export function s3MediaStore(options: S3MediaOptions): MediaStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    // checksums only where S3 requires them: R2, MinIO and older stores reject or ignore the rest
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => `${options.prefix ?? ""}${checkKey(key)}`;
  const cache = new LRUCache<string, Buffer>({ maxSize: options.cacheBytes ?? 64 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });
  const missing = (error: unknown) =>
    error instanceof NoSuchKey || error instanceof NotFound || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

  const get = async (key: string, range?: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), Range: range }));
    } catch (error) {
      if (missing(error)) return null;
      // a range past the end: answered as the whole object rather than an error page
      if (range && error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) return get(key);
      throw error;
    }
  };

  return {
    kind: "s3",
    localRoot: null,
    async put(key, body) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: mediaContentType(key),
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
      if (body.length <= CACHED_OBJECT_MAX) cache.set(key, body);
    },
    async read(key) {
      const cached = cache.get(key);
      if (cached) return cached;
      const object = await get(key);
      if (!object?.Body) return null;
      const body = Buffer.from(await object.Body.transformToByteArray());
      if (body.length <= CACHED_OBJECT_MAX) cache.set(key, body);
      return body;
    },
    async has(key) {
      if (cache.has(key)) return true;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async open(key, range) {
      const cached = cache.get(key);
      if (cached && !range) return { body: cached, length: cached.length };
      const object = await get(key, range);
      if (!object?.Body) return null;
      const length = object.ContentLength ?? 0;
      if (!object.ContentRange && length <= CACHED_OBJECT_MAX) {
        const body = Buffer.from(await object.Body.transformToByteArray());
        cache.set(key, body);
        return { body, length: body.length };
      }
      return { body: object.Body as Readable, length, contentRange: object.ContentRange };
    },
  };
}

/** The store the environment names: MEDIA_STORE=s3 and its S3_* settings, else DATA_DIR/media. */
export function configuredMediaStore(config: ServerConfig): MediaStore {
  if (config.MEDIA_STORE !== "s3") return localMediaStore(config.mediaDir);
  return s3MediaStore({
    bucket: config.S3_BUCKET!,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
}
