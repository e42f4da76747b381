import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's fixed credentials. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** the environment an app server needs to use this bucket (MEDIA_STORE=s3 …) */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3-compatible server on loopback (s3rver, files in a temporary folder) with one empty bucket. */
export async function startLocalS3(bucket = "media"): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    ...CREDENTIALS,
    env: {
      MEDIA_STORE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "1",
    },
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
