/**
 * Image uploads, shared by every route that takes a picture (notification banner, achiever photos):
 * - multipart parsing registered only in the scope of the upload routes (`acceptMultipart`);
 * - `readMultipart` reads the text fields and at most one file, refusing an oversized file with 413;
 * - `imageStore` keeps images under a folder of DATA_DIR: the bytes must be a PNG, JPEG, WebP or GIF
 *   by content (never by name or declared type, so no HTML or SVG is ever stored), under a random
 *   name with the extension of the detected type;
 * - `sendImage` serves a stored image with its detected type and headers that stop a browser from
 *   sniffing or running it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.js';
import { detectImage, type ImageKind } from './image-type.js';

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
    throw error;
  }
  return { fields, file: file && file.length > 0 ? file : null };
}

export interface StoredImage {
  fileName: string;
  contentType: ImageKind['contentType'];
  size: number;
  sha256: string;
}

/** Images kept in one folder (under DATA_DIR), each under a random name. */
export function imageStore(dir: string) {
  const at = (fileName: string) => {
    // Names come from us (uuid + extension); anything else never reaches the file system.
    if (!/^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/.test(fileName)) throw new Error('bad stored image name');
    return path.join(dir, fileName);
  };

  return {
    /** Writes the bytes when they are an image by content; otherwise refuses with `notImage` (400). */
    async save(bytes: Buffer, notImage: string): Promise<StoredImage> {
      const kind = detectImage(bytes);
      if (!kind) throw badRequest(notImage);
      const fileName = `${randomUUID()}.${kind.ext}`;
      await mkdir(dir, { recursive: true });
      await writeFile(at(fileName), bytes, { flag: 'wx', mode: 0o644 });
      return {
        fileName,
        contentType: kind.contentType,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
    },
    /** The bytes of a stored image, or null when the file is gone. */
    async read(fileName: string): Promise<Buffer | null> {
      return readFile(at(fileName)).catch(() => null);
    },
    /** Removes a stored image; a file already gone is not an error. */
    async remove(fileName: string): Promise<void> {
      await unlink(at(fileName)).catch(() => {});
    },
  };
}

export type ImageStore = ReturnType<typeof imageStore>;

/** Sends a stored image: its detected type, no sniffing, no scripts, cached for good (names never repeat). */
export function sendImage(
  reply: FastifyReply,
  image: { bytes: Buffer; contentType: string; fileName: string },
) {
  return reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', `inline; filename="${image.fileName}"`)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(image.bytes);
}
