import { readFile } from 'node:fs/promises';
import { evidenceRepo } from '../db/evidence-repo';
import type { HandlerMap } from './registry';

export const documentHandlers: HandlerMap = {
  'document.open': ({ id }, { documents }) => documents.open(id),

  'document.firstScreen': ({ id }, { documents }) => documents.firstScreen(id),

  'document.summary': ({ id }, { documents }) => documents.summary(id),

  'document.original': async ({ id }, { documents, workspace }) => {
    const doc = documents.file(id);
    const bytes = await readFile(workspace.files.pathFor(doc.sha256));
    return {
      name: doc.name,
      kind: doc.kind,
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    };
  },

  'evidence.list': ({ documentId }, { documents, workspace }) => {
    documents.summary(documentId);
    return { marks: evidenceRepo(workspace.db).list(documentId) };
  },

  'evidence.toggle': ({ documentId, target }, { documents, workspace }) => {
    documents.summary(documentId);
    return { marked: evidenceRepo(workspace.db).toggle(documentId, target) };
  },
};
