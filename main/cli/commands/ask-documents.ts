import { AskRequest } from '../../../shared/ask/ask';
import { MAX_ASK_DOCUMENTS } from '../../../shared/ask/filings';
import { companyKey, groupByCompany } from '../../../shared/library/company-groups';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import { callOrThrow } from '../call';
import { CliError, type CliContext } from '../command';
import { optionalWholeNumber } from '../flags';

/**
 * The documents `workbench ask` covers (issue 27): every `--document ID` given, checked by the
 * contract's own rule for ask.run's documentIds (so the CLI refuses what the API refuses, in
 * its words), or the filings of `--company KEY` as the Library groups them.
 */
export async function askDocumentIds(
  ctx: CliContext,
  company: string | undefined,
): Promise<number[]> {
  if (company !== undefined) return companyDocumentIds(ctx, company);
  const raw = ctx.values.document;
  const given = Array.isArray(raw) ? raw : [raw];
  const ids = given.map((v) => optionalWholeNumber(v, '--document', { min: 1 })!);
  const checked = AskRequest.shape.documentIds.safeParse(ids);
  if (!checked.success)
    throw new CliError(
      `ask.run: documentIds: ${checked.error.issues[0]?.message ?? 'invalid'} (--document was given ${ids.length} times)`,
      2,
    );
  return ids;
}

/**
 * A Library group named by its key, its company name as filed (case, punctuation and corporate
 * suffix aside), or (when the Library knows it) its CIK with or without leading zeros.
 */
function findGroup(documents: readonly LibraryEntry[], ref: string) {
  const groups = groupByCompany(documents).filter((g) => g.key !== null);
  const t = ref.trim();
  const name = companyKey(t);
  const digits = /^(?:cik:)?\d{1,10}$/i.test(t) ? t.replace(/^cik:/i, '').padStart(10, '0') : null;
  const named = (d: LibraryEntry) =>
    name !== null && d.facts?.company != null && companyKey(d.facts.company) === name;
  return (
    groups.find((g) => g.key === t) ??
    (digits ? groups.find((g) => g.documents.some((d) => cikOf(d) === digits)) : undefined) ??
    groups.find((g) => name !== null && g.key === name) ??
    groups.find((g) => g.documents.some(named)) ??
    null
  );
}

/** A filing's CIK when the Library has read one (entries gain it with issue 27's facts work). */
const cikOf = (d: LibraryEntry): string | null => {
  const cik = (d.facts as { cik?: unknown } | null)?.cik;
  return typeof cik === 'string' ? cik : null;
};

async function companyDocumentIds(ctx: CliContext, company: string): Promise<number[]> {
  if (company.trim() === '') throw new CliError('--company is empty', 2);
  const services = await ctx.services();
  // Filings imported by an earlier command may not have had their covers read yet.
  await services.facts.fill();
  const { documents } = await callOrThrow(services.registry, 'library.list', {});
  const group = findGroup(documents, company);
  if (!group) {
    const known = groupByCompany(documents)
      .filter((g) => g.key !== null)
      .map((g) => g.company ?? g.key);
    throw new CliError(
      `no company "${company}" in the Library (${
        known.length === 0 ? 'no filing names its company yet' : `companies: ${known.join('; ')}`
      })`,
      1,
    );
  }
  if (group.documents.length > MAX_ASK_DOCUMENTS)
    ctx.progress(
      `${group.company ?? company}: ${group.documents.length} filings; asking about the newest ${MAX_ASK_DOCUMENTS}`,
    );
  return group.documents.slice(0, MAX_ASK_DOCUMENTS).map((d) => d.id);
}
