import type { MethodOutput } from '../../../shared/api/contract';
import type { Result } from '../../../shared/api/result';
import { api } from '../../api/client';
import { parseRoute } from '../navigation/navigation-store';

export type OpenAnswers = Promise<
  [Result<MethodOutput<'document.open'>>, Result<MethodOutput<'evidence.list'>>]
>;

/**
 * Opening the app on a document (a reload, a link, a new window): its model and evidence marks
 * are asked for as the app's first script runs, while the document screen's own chunk is still
 * being fetched, instead of after that screen has mounted. The document store takes this answer
 * for that document once (`takeEarlyOpen`). Imported by the shell for this side effect; it
 * stays free of zod so the first script does too.
 */
let early: { id: number; answers: OpenAnswers } | undefined;

const route = parseRoute(window.location.hash);
if (route.screen === 'document')
  early = {
    id: route.id,
    answers: Promise.all([
      api.call('document.open', { id: route.id }),
      api.call('evidence.list', { documentId: route.id }),
    ]),
  };

/** The answers asked for at load for document `id`, once; undefined for any other. */
export function takeEarlyOpen(id: number): OpenAnswers | undefined {
  if (early?.id !== id) return undefined;
  const { answers } = early;
  early = undefined;
  return answers;
}
