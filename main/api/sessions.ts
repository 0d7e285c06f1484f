import { WorkbenchError } from '../../shared/api/result';
import type { HandlerMap } from './registry';

const notYet = (method: string) => (): never => {
  throw new WorkbenchError('unsupported', `${method} is not implemented yet`);
};

/** Timed human-expert sessions (main/sessions). */
export const sessionsHandlers: HandlerMap = {
  'sessions.create': notYet('sessions.create'),
  'sessions.list': notYet('sessions.list'),
  'sessions.get': notYet('sessions.get'),
  'sessions.event': notYet('sessions.event'),
  'sessions.saveAnswer': notYet('sessions.saveAnswer'),
  'sessions.submit': notYet('sessions.submit'),
  'sessions.scratch': notYet('sessions.scratch'),
  'sessions.finish': notYet('sessions.finish'),
  'sessions.results': notYet('sessions.results'),
  'sessions.agreement': notYet('sessions.agreement'),
  'sessions.exportBundle': notYet('sessions.exportBundle'),
  'sessions.importBundle': notYet('sessions.importBundle'),
  'sessions.remove': notYet('sessions.remove'),
};
