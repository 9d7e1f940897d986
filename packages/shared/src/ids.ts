import { z } from 'zod';
import './zod-messages.js';
import { ID_MAX } from './constants.js';
import { API } from './messages.js';

/** An id in a JSON body or a list: a positive integer that fits the id columns, else `message`. */
export function idSchema(message: string = API.invalidId) {
  return z.number({ error: message }).int(message).positive(message).max(ID_MAX, message);
}
