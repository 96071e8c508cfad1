import type { FastifyReply } from 'fastify';

/**
 * Content-Disposition for a generated file: the plain name for every browser, and the RFC 5987 form for names
 * outside ASCII. 'inline' lets a browser show a PDF in a tab; the name is used when it is saved.
 */
function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends a generated file; never cached, since it may hold personal or financial details. */
export function sendFile(reply: FastifyReply, bytes: Buffer, type: string, kind: 'inline' | 'attachment', fileName: string): FastifyReply {
  return reply
    .header('Content-Type', type)
    .header('Content-Disposition', contentDisposition(kind, fileName))
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(bytes);
}

export const PDF_TYPE = 'application/pdf';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
