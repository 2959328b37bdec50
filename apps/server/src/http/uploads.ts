/**
 * Image uploads, shared by every route that takes a picture (notification banner, achiever photos):
 * - multipart parsing registered only in the scope of the upload routes (`acceptMultipart`);
 * - `readMultipart` reads the text fields and at most one file, refusing an oversized file with 413;
 * - `sendImage` serves a stored picture (storage/images.ts keeps them in PostgreSQL) with its
 *   detected type, headers that stop a browser from sniffing or running it, and caching for good
 *   (names never repeat) with the content hash as ETag.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.js';
import type { ImageContent } from '../storage/images.js';

/** The texts an upload route answers with when the request is not what it takes. */
export interface UploadMessages {
  /** The request is not multipart/form-data. */
  notMultipart: string;
  /** The file is larger than allowed. */
  tooLarge: string;
}

/** Room for the text fields and multipart framing on top of the file itself. */
const FRAMING_BYTES = 64 * 1024;
const FIELD_MAX_BYTES = 8 * 1024;

/** Registers multipart parsing in `scope` only, so no route outside it accepts form data. */
export async function acceptMultipart(scope: FastifyInstance, maxFileBytes: number, maxFields = 10) {
  if (scope.hasContentTypeParser('multipart/form-data')) return;
  await scope.register(multipart, {
    limits: {
      fileSize: maxFileBytes,
      files: 1,
      fields: maxFields,
      fieldSize: FIELD_MAX_BYTES,
      parts: maxFields + 1,
    },
  });
}

export interface MultipartForm {
  /** The text fields, the first value of each name. */
  fields: Record<string, string>;
  /** The bytes of the file sent as `fileField`, or null when none (or an empty one) was sent. */
  file: Buffer | null;
}

/**
 * Reads a multipart request made of text fields and at most one file, named `fileField`.
 * A file under another name is refused (400); a file over the limit answers 413.
 */
export async function readMultipart(
  req: FastifyRequest,
  opts: { fileField: string; maxFileBytes: number; messages: UploadMessages },
): Promise<MultipartForm> {
  const tooLarge = () => new AppError('too_large', opts.messages.tooLarge, 413);
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > opts.maxFileBytes + FRAMING_BYTES) throw tooLarge();
  if (!req.isMultipart()) throw badRequest(opts.messages.notMultipart);

  const fields: Record<string, string> = Object.create(null);
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.fileField) {
          part.file.resume();
          throw badRequest(`Unexpected file field "${part.fieldname}"; send the file as "${opts.fileField}"`);
        }
        file = await part.toBuffer();
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw badRequest(`The field "${part.fieldname}" is too long`);
        }
        if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest(`Send one file only, as "${opts.fileField}"`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Too many form fields');
    if (error instanceof AppError) throw error;
    // the loop only reads the request body: anything else it throws is a body that is not a
    // well-formed form (JSON sent as multipart/form-data, no boundary, a cut-off part), the
    // client's mistake and a 400, never a 500 (issue 36.9)
    throw badRequest(`${opts.messages.notMultipart} (the form could not be read)`);
  }
  return { fields, file: file && file.length > 0 ? file : null };
}

/**
 * Sends a stored picture: its detected type, no sniffing, no scripts, cached for good (names never
 * repeat). The ETag is the content's SHA-256, so a revalidating browser or CDN gets a 304 without
 * the bytes.
 */
export function sendImage(reply: FastifyReply, image: ImageContent) {
  const etag = `"${image.sha256}"`;
  reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `inline; filename="${image.fileName}"`)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', etag);
  const ifNoneMatch = reply.request.headers['if-none-match'];
  const tags = ifNoneMatch?.split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (tags?.includes(etag) || tags?.includes('*')) return reply.status(304).send();
  return reply.send(image.bytes);
}
