// Opaque paging cursors: base64url JSON of the last row's sort key and id. Anything that does not decode to
// the expected shape is the caller's mistake (400), never a 500.
import { z } from 'zod';
import { ValidationError } from '../../errors.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const Key = z.object({ t: z.string().regex(ISO).nullable(), i: z.string().regex(UUID) });

export function encodeCursor(at: string | null, id: string): string {
  return Buffer.from(JSON.stringify({ t: at, i: id })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { at: string | null; id: string } | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const parsed = Key.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { at: parsed.t, id: parsed.i };
  } catch {
    throw new ValidationError('Invalid cursor', { after: ['Invalid cursor'] });
  }
}
