/**
 * Uploaded pictures (notification banner, achiever photos) kept in PostgreSQL, the one thing every
 * API instance shares, so any instance serves a picture another one received. A module writes a
 * picture and its own row in one transaction, and removes both together, so no picture is ever
 * half-stored or left behind. Pictures are PNG, JPEG, WebP or GIF by content (never by name or
 * declared type: no HTML or SVG is ever stored), under a random name with the detected extension;
 * names never repeat, which is what lets browsers cache them for good.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/pool.js';
import { badRequest } from '../errors.js';
import { detectImage, type ImageKind } from '../http/image-type.js';
import * as repo from './repo.js';

export type { UploadKind } from './repo.js';

/** A picture checked and named, not stored yet. */
export interface ImageFile {
  fileName: string;
  contentType: ImageKind['contentType'];
  bytes: Buffer;
}

export interface StoredImage {
  fileName: string;
  contentType: ImageKind['contentType'];
  size: number;
  sha256: string;
}

/** A stored picture as `sendImage` serves it. */
export interface ImageContent {
  fileName: string;
  contentType: string;
  sha256: string;
  bytes: Buffer;
}

const NAME = /^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;

/** Checks that the bytes are a picture by content and gives them a fresh name; refuses with `notImage` (400). */
export function toImage(bytes: Buffer, notImage: string): ImageFile {
  const kind = detectImage(bytes);
  if (!kind) throw badRequest(notImage);
  return { fileName: `${randomUUID()}.${kind.ext}`, contentType: kind.contentType, bytes };
}

/** Stores a picture; call it in the transaction that writes the row naming it. */
export async function saveImage(
  q: Queryable,
  kind: repo.UploadKind,
  image: ImageFile,
  now: Date,
): Promise<StoredImage> {
  const { size, sha256 } = await repo.insert(q, { ...image, kind, now });
  return { fileName: image.fileName, contentType: image.contentType, size, sha256 };
}

/** A stored picture of that kind, or null (unknown, removed, or of the other kind). */
export async function readImage(
  q: Queryable,
  kind: repo.UploadKind,
  fileName: string,
): Promise<ImageContent | null> {
  if (!NAME.test(fileName)) return null;
  const row = await repo.find(q, kind, fileName);
  return (
    row && { fileName: row.file_name, contentType: row.content_type, sha256: row.sha256, bytes: row.bytes }
  );
}

/** Removes pictures; call it in the transaction that removes (or repoints) the rows naming them. */
export const removeImages: (q: Queryable, fileNames: string[]) => Promise<void> = repo.remove;

/** The folders of DATA_DIR/uploads where pictures were written before they moved into the database. */
const DISK_FOLDER: Record<repo.UploadKind, string> = { banner: 'banners', achiever: 'achievers' };

/**
 * Copies into the database the pictures that rows name but the table lacks: those uploaded while
 * pictures were files under DATA_DIR/uploads. Run at every start (one cheap query when there is
 * nothing to copy); several instances starting at once copy each picture once. The files are left
 * where they are: once this has run, the folder can be deleted.
 */
export async function importDiskImages(db: Db, uploadsDir: string, now: Date, log: FastifyBaseLogger) {
  let imported = 0;
  const missing: string[] = [];
  for (const row of await repo.referencedButMissing(db)) {
    if (!NAME.test(row.file_name)) {
      missing.push(row.file_name);
      continue;
    }
    const file = path.join(uploadsDir, DISK_FOLDER[row.kind], row.file_name);
    const bytes = await readFile(file).catch(() => null);
    const kind = bytes && detectImage(bytes);
    if (!bytes || !kind) {
      missing.push(row.file_name);
      continue;
    }
    const image = { fileName: row.file_name, kind: row.kind, contentType: kind.contentType, bytes, now };
    if (await repo.insertMissing(db, image)) imported += 1;
  }
  if (imported)
    log.info({ imported, from: uploadsDir }, 'uploaded pictures copied from disk into the database');
  if (missing.length)
    log.warn(
      { missing, from: uploadsDir },
      'uploaded pictures named in the database but not found on disk: they answer 404',
    );
  return { imported, missing };
}
