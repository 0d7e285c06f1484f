import { AskRequest } from '../../../shared/ask/ask';
import { MAX_ASK_DOCUMENTS } from '../../../shared/ask/filings';
import { findCompany, groupByCompany } from '../../../shared/library/company-groups';
import { callOrThrow } from '../call';
import { CliError, type CliContext } from '../command';
import { optionalWholeNumber } from '../flags';

/**
 * The documents `workbench ask` covers (issue 27): every `--document ID` given, checked by the
 * contract's own rule for ask.run's documentIds (so the CLI refuses what the API refuses, in
 * its words), or the filings of `--company KEY` as the Library groups them (findCompany: a
 * group key, a CIK with or without leading zeros, or the company's name as filed).
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

async function companyDocumentIds(ctx: CliContext, company: string): Promise<number[]> {
  if (company.trim() === '') throw new CliError('--company is empty', 2);
  const services = await ctx.services();
  // Filings imported by an earlier command may not have had their covers read yet.
  await services.facts.fill();
  const { documents } = await callOrThrow(services.registry, 'library.list', {});
  const group = findCompany(documents, company);
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
