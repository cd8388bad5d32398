// The HTTP helpers' words in the language a request asks for.

import { spoken } from '../messages/index.js';
import { httpWordTables } from './languages.js';
import type { HttpWording } from './wording.js';

/** What the HTTP helpers say in `lang` beside the violations (English by default). */
export function httpWords(lang?: unknown): HttpWording {
  return httpWordTables[spoken(lang)];
}
