// The in-flight change API: its create (`POST /inflightChangeProductOrder`, once per
// `Idempotency-Key`), its list (paged, `fields` applied) and its retrieve, over the service's store.
import { errorResponse } from '../../http/error-message.js';
import {
  countHeaders,
  type ListQuery,
  type PageOptions,
  pageBounds,
  paginate,
  selectFields,
} from '../../http/list-query.js';
import type { Later } from '../../http/pipeline.js';
import { validateInflightChangeProductOrder } from '../../inflight.js';
import type { Creates } from './creates.js';
import type { RouteKit } from './kit.js';
import type { Admitted, Answer, BodyRead } from './types.js';

/** The answers of the in-flight change API of the routes of `kit`: a request to the collection, a request for one change. */
export function inflightChanges<Native, Identity>(kit: RouteKit<Native, Identity>, made: Creates<Native, Identity>) {
  const { options, failure, ok, bodyValue, served } = kit;
  const { idempotencyKeyOf, once, created } = made;

  /** HEAD: GET's status and headers, with its `content-length`, and no body. */
  const got = (
    admitted: Admitted<Native, Identity>,
    status: number,
    value: unknown,
    headers: Record<string, string> = {},
  ): Answer => {
    const full = ok(status, admitted.context.lang, value, headers);
    return String(admitted.call.method).toUpperCase() === 'HEAD' ? { ...full, text: undefined } : full;
  };

  const collection = (admitted: Admitted<Native, Identity>, body: BodyRead | undefined): Later<Answer> => {
    const { call, context, query } = admitted;
    const { lang } = context;
    const { route } = call;
    const store = options.inflight;
    if (!store) return failure(errorResponse(404, undefined, { lang }), lang, route, call.headers);
    if (context.operation === 'createInflightChangeProductOrder') {
      const key = idempotencyKeyOf(call, lang);
      if (typeof key === 'object') return failure(key, lang, route, call.headers);
      const change = bodyValue(body, context, 'change', validateInflightChangeProductOrder);
      if (!change.ok) return failure(change, lang, route, call.headers);
      const { hints } = change;
      return once(
        admitted,
        key,
        change.value,
        'inflight.create',
        () => store.create(change.value, Object.assign({}, context, { hints })),
        (value) => created(value, lang, call.path, hints),
      );
    }
    // the store sees the page the routes answer: offset 0 and the default size unless asked, at most the largest
    const paged = { ...query, ...pageBounds(query, options.page) };
    return served(
      admitted,
      'inflight.list',
      () => store.list(paged, context),
      (listed) => {
        const page = pageOf(listed, paged, options.page);
        return got(admitted, 200, page.items, page.headers);
      },
    );
  };

  const one = (admitted: Admitted<Native, Identity>): Later<Answer> => {
    const { call, context, query } = admitted;
    const { lang } = context;
    const { route } = call;
    const store = options.inflight;
    const id = call.id ?? '';
    if (!store) return failure(errorResponse(404, undefined, { lang }), lang, route, call.headers);
    return served(
      admitted,
      'inflight.retrieve',
      () => store.retrieve(id, context),
      (found) => {
        if (found === undefined || found === null)
          return failure(errorResponse(404, undefined, { lang }), lang, route, call.headers);
        if (!allResources([found])) throw new TypeError('inflight.retrieve answered something other than a change');
        return got(admitted, 200, selectFields(found, query.fields));
      },
    );
  };

  return { collection, one };
}

/**
 * The page a list answers: the routes page every change, a store's page is taken as it is. Throws a
 * TypeError for an answer that breaks `list`'s contract (neither an array of changes nor
 * `{ items, total }`): the store's fault, a 500 told to `onError`, never an empty page.
 */
function pageOf(
  listed: unknown,
  query: ListQuery,
  page: PageOptions | undefined,
): { items: unknown[]; headers: Record<string, string> } {
  const breach = (what: string) => new TypeError(`inflight.list answered ${what}`);
  if (Array.isArray(listed)) {
    const paged = paginate(listed, query, page);
    if (!allResources(paged.items)) throw breach('an array holding something other than a change (an object)');
    return paged;
  }
  if (typeof listed !== 'object' || listed === null)
    throw breach(`${listed === null ? 'null' : typeof listed}, neither an array of changes nor { items, total }`);
  const { items, total } = listed as { items?: unknown; total?: unknown };
  if (!Array.isArray(items)) throw breach('an object whose items is no array of changes');
  const list = items.slice(0, query.limit);
  if (!allResources(list)) throw breach('items holding something other than a change (an object)');
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < list.length)
    throw breach(`a total (${String(total).slice(0, 40)}) that is no count of at least the items given`);
  return {
    items: list.map((item) => selectFields(item, query.fields)),
    headers: countHeaders(total, list.length),
  };
}

/** Whether each of a page's values (holes too) can be a change: an object, not an array. */
function allResources(values: readonly unknown[]): boolean {
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  }
  return true;
}
