import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./errors";

/**
 * The one file of a multipart upload, in the field `file` (the plugin's limits cap its size):
 * `{name, bytes}`, or null after answering the right error (not multipart, not exactly one file,
 * too large for `tooLarge`'s words, empty). The caller checks what the bytes are.
 */
export async function readOneFile(request: FastifyRequest, reply: FastifyReply, tooLarge: string): Promise<{ name: string; bytes: Buffer } | null> {
  if (!request.isMultipart()) {
    sendError(reply, "invalid-input", "Send the file as multipart/form-data in a field named file");
    return null;
  }
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file" || part.fieldname !== "file" || file) {
        if (part.type === "file") part.file.resume();
        sendError(reply, "invalid-input", "Send exactly one file, in the field named file");
        return null;
      }
      file = { name: part.filename, bytes: await part.toBuffer() };
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") sendError(reply, "too-large", tooLarge);
    else sendError(reply, "invalid-input", "Send exactly one file, in the field named file");
    return null;
  }
  if (!file?.bytes.length) {
    sendError(reply, "invalid-input", "The file is empty");
    return null;
  }
  return file;
}
