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
  const firstScreen = first(() =>
    text.then((t) => (t === undefined ? undefined : firstScreenOf(t, FIRST_SCREEN_BLOCKS))),
  );
  const text = openText(id);
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
    answers: () => Promise.all([text.then(parsed), marks]),
    firstScreen,
  };
}

const route = parseRoute(window.location.hash);
if (route.screen === 'document') {
  const asked = askEarly(route.id);
  early = asked;
  void asked.firstScreen.then((s) => {
    if (s && !s.partial) asked.cachedFirstScreen = s;
  });
}

/** The first screen of the document asked for at load, if it was (the boot script draws it). */
export const earlyFirstScreen = (): Promise<FirstScreen | undefined> | undefined =>
  early?.firstScreen;

/** What was asked for at load for document `id`, once; undefined for any other. */
export function takeEarlyOpen(id: number): EarlyOpen | undefined {
  if (early?.id !== id) return undefined;
  const { answers, cachedFirstScreen } = early;
  early = undefined;
  return { answers, firstScreen: cachedFirstScreen };
}
