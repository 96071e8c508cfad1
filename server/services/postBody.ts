import type { FastifyRequest } from 'fastify';
import { isOwnImage, NEWS_MSG, newsPostSchema, type NewsPost } from '../../domain/validation/newsFeed';
import { replySchema, type ReplyInput } from '../../domain/validation/reply';
import { fieldError } from '../plugins/errors';
import { fileOf, readMultipart, type UploadedFile } from '../plugins/uploads';
import { imageSources, plainText, sanitizeRichText } from './sanitize';

/** The post dialog's multipart body, read and checked: fields, the image when one was sent, and the edit extras. */
export interface PostBody {
  post: NewsPost;
  file: UploadedFile | undefined;
  /** The id an edit sends along (checked against the address). */
  id: string | undefined;
  /** An edit asks to drop the current image without sending another. */
  removeImage: boolean;
}

/**
 * Reads POST /api/newsFeed and POST /api/newsFeed/{id} (spec 1, section 7). The title becomes plain text and the
 * content is sanitised before the rules run, so a post whose content was only a script is refused as empty.
 */
export async function readPostBody(request: FastifyRequest): Promise<PostBody> {
  const body = await readMultipart(request);
  const f = body.fields;
  // Pictures from elsewhere are refused rather than copied in: copying would have this server fetch addresses users
  // choose. Read before sanitising, so a picture the sanitiser would silently drop is refused with a reason too.
  if (typeof f.postContent === 'string' && imageSources(f.postContent).some((src) => src && !isOwnImage(src))) {
    throw fieldError('postContent', NEWS_MSG.externalImage);
  }
  const content = typeof f.postContent === 'string' ? sanitizeRichText(f.postContent) : undefined;
  const post = newsPostSchema.parse({
    postTitle: typeof f.postTitle === 'string' ? plainText(f.postTitle) : undefined,
    postContent: content,
    addressee: f.addressee,
    areas: f.areas,
    restaurants: f.restaurants,
    drivers: f.drivers,
    important: f.important,
  });
  return {
    post,
    file: fileOf(body, 'file', 'img'),
    id: f.id,
    removeImage: ['1', 'true', '10'].includes(String(f.remove_img ?? '').trim()),
  };
}

/** A request body that may come as JSON, a form or multipart (status and pin toggles). */
export async function readSmallBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (request.isMultipart()) return (await readMultipart(request)).fields;
  return request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
}

/** A reply's body, from the office or the drivers' app: its text read as plain text, then checked by the shared schema. */
export async function readReply(request: FastifyRequest): Promise<ReplyInput> {
  const body = await readSmallBody(request);
  return replySchema.parse({
    ...body,
    reply_content: typeof body.reply_content === 'string' ? plainText(body.reply_content) : body.reply_content,
  });
}
