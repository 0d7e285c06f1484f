import type { EvidenceOverlap, EvidenceShare } from '../../../shared/gap/gap-report';

const pc = (x: number | null) => (x === null ? '–' : `${x.toFixed(2)}%`);

function Row({ who, s }: { who: string; s: EvidenceShare }) {
  return (
    <tr>
      <th scope="row">{who}</th>
      <td className="num">{s.items}</td>
      <td className="num">
        {s.inGold} / {s.units}
      </td>
      <td className="num">{pc(s.precision)}</td>
      <td className="num">
        {s.goldHit} / {s.goldTargets}
      </td>
      <td className="num">{pc(s.recall)}</td>
    </tr>
  );
}

/** Expert-marked cells vs cells the model's program used vs the dataset's gold evidence. */
export function EvidenceOverlapTable({ overlap }: { overlap: EvidenceOverlap }) {
  const em = overlap.expertVsModel;
  return (
    <>
      <div className="table-scroll">
        <table className="documents gap-overlap" aria-label="Evidence against gold">
          <thead>
            <tr>
              <th scope="col">Evidence</th>
              <th scope="col">Questions</th>
              <th scope="col">Cells/paragraphs in gold</th>
              <th scope="col">Precision</th>
              <th scope="col">Gold targets touched</th>
              <th scope="col">Recall</th>
            </tr>
          </thead>
          <tbody>
            <Row who="Expert marks" s={overlap.expertVsGold} />
            <Row who="Model program reads" s={overlap.modelVsGold} />
          </tbody>
        </table>
      </div>
      <p>
        Expert ∩ model: {em.both} shared of {em.expert} marked and {em.model} read on {em.items}{' '}
        questions (Jaccard {pc(em.jaccard)}). Model evidence from the sandbox trace on{' '}
        {overlap.modelSources.trace}, from program literals on {overlap.modelSources.literals}, none
        (no program) on {overlap.modelSources.none} paired questions.
      </p>
    </>
  );
}
