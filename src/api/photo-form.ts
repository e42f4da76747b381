import type { FastifyRequest } from "fastify";
import { DomainError } from "@/server/errors";
import { SHOPPER_PHOTO_MAX_BYTES } from "@/server/media/photo-upload";

/** room for the multipart boundaries, part headers and the text fields around the photos */
const ENVELOPE_BYTES = 256 * 1024;

/** The multipart limits (for @fastify/multipart) of a form with these text fields and at most `maxPhotos` photos. */
export function photoFormLimits(fieldCount: number, maxPhotos: number) {
  return {
    fileSize: SHOPPER_PHOTO_MAX_BYTES,
    files: maxPhotos,
    fields: fieldCount,
    parts: fieldCount + maxPhotos,
    fieldSize: 64 * 1024,
    headerPairs: 50,
  };
}

export interface PhotoForm {
  /** each text field's value (a repeated field: its last) */
  fields: Record<string, string>;
  /** each repeated text field's values, in order */
  lists: Record<string, string[]>;
  /** the photos' bytes as sent (checked and re-encoded by the service) */
  photos: Buffer[];
}

function hasCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === "object" && error !== null && codes.includes((error as { code?: string }).code ?? "");
}

const tooLarge = () =>
  new DomainError("too-large", `A photo can be at most ${SHOPPER_PHOTO_MAX_BYTES / 1024 / 1024} MB`, { field: "photos", reason: "too-large" });

/**
 * Reads a shopper's multipart form of text fields and photos (in fields named `photos`), within
 * the caps its route registered (photoFormLimits): a body larger than the photos could be is
 * refused before it is read, a photo past the byte limit or one too many stops the reading.
 * Unknown fields are ignored; an empty file input (which still sends a part) is skipped.
 */
export async function readPhotoForm(request: FastifyRequest, options: { fields: ReadonlySet<string>; maxPhotos: number }): Promise<PhotoForm> {
  if (Number(request.headers["content-length"] ?? 0) > options.maxPhotos * SHOPPER_PHOTO_MAX_BYTES + ENVELOPE_BYTES) throw tooLarge();
  if (!request.isMultipart()) throw new DomainError("invalid-input", "Send the form as multipart/form-data: its fields, and photos in fields named photos");
  const form: PhotoForm = { fields: {}, lists: {}, photos: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "photos") {
          part.file.resume();
          throw new DomainError("validation", "Photos go in fields named photos", { field: "photos", reason: "field-name" });
        }
        const bytes = await part.toBuffer();
        if (bytes.length > 0) form.photos.push(bytes);
        continue;
      }
      if (options.fields.has(part.fieldname) && typeof part.value === "string") {
        form.fields[part.fieldname] = part.value;
        (form.lists[part.fieldname] ??= []).push(part.value);
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (hasCode(error, "FST_REQ_FILE_TOO_LARGE")) throw tooLarge();
    if (hasCode(error, "FST_FILES_LIMIT"))
      throw new DomainError("validation", `Send at most ${options.maxPhotos} photos`, { field: "photos", reason: "too-many", max: options.maxPhotos });
    throw new DomainError("invalid-input", "The upload could not be read");
  }
  return form;
}
