import { createSessionWithRun } from '../sessions/session-with-run';
import type { HandlerMap } from './registry';
import { compact } from '../../shared/util/compact';

/** Timed human-expert sessions (main/sessions, docs/sessions.md). */
export const sessionsHandlers: HandlerMap = {
  'sessions.create': (input, { sessions }) => {
    const session = sessions.create(input);
    return { sessionId: session.id, session };
  },
  'sessions.createWithRun': (input, ctx) => createSessionWithRun(ctx, input),
  'sessions.list': ({ datasetId }, { sessions }) => ({ sessions: sessions.list(datasetId) }),
  'sessions.get': ({ sessionId }, { sessions }) => sessions.detail(sessionId),
  'sessions.event': (input, { sessions }) => ({ clock: sessions.event(input) }),
  'sessions.saveAnswer': (input, { sessions }) => sessions.saveAnswer(input),
  'sessions.submit': (input, { sessions }) => sessions.submit(input),
  'sessions.scratch': async (input, { sessions }) => ({ run: await sessions.scratch(input) }),
  'sessions.finish': ({ sessionId }, { sessions }) => sessions.finish(sessionId),
  'sessions.results': ({ sessionId }, { sessions }) => sessions.results(sessionId),
  'sessions.agreement': ({ sessionIds }, { sessions }) => sessions.agreement(sessionIds),
  'sessions.exportBundle': ({ sessionId, path }, { sessions }) =>
    sessions.exportBundle(sessionId, path),
  'sessions.importBundle': ({ path, allowUnsigned }, { sessions }) =>
    sessions.importBundle(path, compact({ allowUnsigned })),
  'sessions.bundleBytes': ({ sessionId }, { sessions }) => sessions.bundleBytes(sessionId),
  'sessions.importBundleBytes': ({ name, bytes, allowUnsigned }, { sessions }) =>
    sessions.importBundleBytes(name, bytes, compact({ allowUnsigned })),
  'sessions.remove': ({ sessionId }, { sessions }) => ({ removed: sessions.remove(sessionId) }),
};
