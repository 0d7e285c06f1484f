import type { MethodOutput } from '../../../shared/api/contract';
import type { Result } from '../../../shared/api/result';
import { api } from '../../api/client';
import { takeToken } from '../../api/http-bridge';
import type { EarlyOpen } from './document-store';
import { parseRoute } from '../navigation/navigation-store';
import {
  FIRST_SCREEN_BLOCKS,
  firstScreenOf,
  type FirstScreen,
} from '../../../shared/document/first-screen-json';

export type OpenAnswers = Promise<
  [Result<MethodOutput<'document.open'>>, Result<MethodOutput<'evidence.list'>>]
>;

/**
 * Opening the app on a document (a reload, a link, a new window): its model and evidence marks
 * are asked for as the boot script runs, before the app's script, instead of after the
 * document screen has mounted. The document store takes this answer for that document once
 * (`takeEarlyOpen`); the boot script draws the first screen from it first (`earlyFirstScreen`).
 * Free of zod and React, as the boot script is.
 */
let early:
  | {
      id: number;
      answers: () => OpenAnswers;
      firstScreen: Promise<FirstScreen | undefined>;
      /** The first screen once it is here, if the model was cached (not a beginning read). */
      cachedFirstScreen?: FirstScreen | undefined;
      /** Web mode: asks for the model's answer now if it has not been asked for. */
      fetchModel?: () => void;
    }
  | undefined;

/**
 * Web mode: the model's answer as text, read only as far as the first screen needs; the whole
 * is parsed when the store takes it (after the first screen is drawn). The same request as the
 * HTTP bridge's (renderer/api/http-bridge.ts), which would parse the whole as it arrives.
 * Undefined when it could not be had: the store then asks through the client.
 */
async function openText(id: number): Promise<string | undefined> {
  try {
    const token = takeToken();
    const res = await fetch('/api/call/document.open', {
      method: 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ id }),
    });
    const type = res.headers.get('content-type') ?? '';
    return type.startsWith('application/json') ? await res.text() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first screen: the server's (`document.firstScreen`, a few kB, when the model is cached),
 * else cut from the model's answer once it is here (`fromModel`: a parse, which may be long).
 */
function firstScreenOr(
  id: number,
  fromModel: () => Promise<FirstScreen | undefined>,
): Promise<FirstScreen | undefined> {
  return api
    .call('document.firstScreen', { id })
    .then((r) => (r.ok && r.value ? r.value : fromModel()));
}

function askEarly(id: number): NonNullable<typeof early> {
  // Asked first: the small answer is not queued behind the model's.
  const first = (fromModel: () => Promise<FirstScreen | undefined>) => firstScreenOr(id, fromModel);
  const marks = api.call('evidence.list', { documentId: id });
  if (window.workbench) {
    // Electron: the preload bridge answers objects, so the first screen is cut from the model.
    // (`answers` is asked for just below, before this runs: after the first screen's answer.)
    const firstScreen = first(() =>
      answers.then(([o]) =>
        o.ok
          ? {
              document: o.value.document,
              blocks: o.value.model.blocks.slice(0, FIRST_SCREEN_BLOCKS),
              tables: o.value.model.tables,
            }
          : undefined,
      ),
    );
    const answers: OpenAnswers = Promise.all([api.call('document.open', { id }), marks]);
    return { id, answers: () => answers, firstScreen };
  }
  let text: Promise<string | undefined> | undefined;
  const model = () => (text ??= openText(id));
  const firstScreen = first(() =>
    model().then((t) => (t === undefined ? undefined : firstScreenOf(t, FIRST_SCREEN_BLOCKS))),
  );
  // The model (a 10-K's: 2.7 MB) is asked for once the first screen has answered, unless that
  // says the model is cached: then only when the store takes this (the view is drawing the
  // first screen; the store parses it once that is drawn). Arriving meanwhile, its bytes took
  // the window's main thread (read, then decoded) while the app was starting. A filing not
  // read yet is read by the first screen's request already; the model's joins that read.
  void firstScreen.then((s) => (s && !s.partial ? undefined : model()));
  const parsed = (t: string | undefined): Promise<Result<MethodOutput<'document.open'>>> => {
    try {
      if (t !== undefined)
        return Promise.resolve(JSON.parse(t) as Result<MethodOutput<'document.open'>>);
    } catch {
      // Not JSON after all: asked again through the client, which says what went wrong.
    }
    return api.call('document.open', { id });
  };
  return {
    id,
    answers: () => Promise.all([model().then(parsed), marks]),
    firstScreen,
    fetchModel: () => void model(),
  };
}

const route = parseRoute(window.location.hash);
if (route.screen === 'document') {
  const asked = askEarly(route.id);
  early = asked;
  // A route naming a table past the first screen opens there: the first screen is not shown.
  const tableId = route.tableId;
  void asked.firstScreen.then((s) => {
    if (s && !s.partial && (tableId === undefined || s.tables.some((t) => t.id === tableId))) {
      asked.cachedFirstScreen = s;
      firstScreenArrived = true;
    }
  });
}

/**
 * Whether the window opened on a document whose cached first screen has arrived: its grid is
 * drawn as soon as the view has started, with nothing to wait for (grid-warm-up.tsx).
 */
export const openedOnCachedFirstScreen = (): boolean =>
  route.screen === 'document' && firstScreenArrived;
let firstScreenArrived = false;

/** The first screen of the document asked for at load, if it was (the boot script draws it). */
export const earlyFirstScreen = (): Promise<FirstScreen | undefined> | undefined =>
  early?.firstScreen;

/** What was asked for at load for document `id`, once; undefined for any other. */
export function takeEarlyOpen(id: number): EarlyOpen | undefined {
  if (early?.id !== id) return undefined;
  const { answers, cachedFirstScreen, fetchModel } = early;
  early = undefined;
  fetchModel?.();
  return { answers, firstScreen: cachedFirstScreen };
}
