// R5: the parties of the free roles, with any contact media or none. R5 never fails: no mutants.
import fc from 'fast-check';
import { freeRoles, media, type OrderPart, party, related } from '../arbitrary-kit.js';

export const part: OrderPart = { parties: related(fc.constantFrom(...freeRoles), party(media, false)) };
