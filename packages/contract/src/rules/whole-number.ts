import { z } from 'zod';

/** A whole number from `min` to `max`, with one message for whatever is wrong with it (type included). */
export const wholeNumberIn = (min: number, max: number, message: string) =>
  z.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message);
