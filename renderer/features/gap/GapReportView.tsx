import { PairedCharts } from '../../components/charts/PairedCharts';
import type { GapReport } from '../../../shared/gap/gap-report';
import { DisagreementList } from './DisagreementList';
import { EvidenceOverlapTable } from './EvidenceOverlapTable';
import { f2, gapBars } from './gap-bars';
import { GapGroupsTable } from './GapGroupsTable';
import { GapStats } from './GapStats';
import { TimeScatter } from './TimeScatter';

/**
 * One gap: the paired statistics, per subset (table and charts), accuracy vs time, the
 * disagreements and the evidence overlap.
 */
export function GapReportView({ id, report }: { id: string; report: GapReport }) {
  const bars = gapBars(report);
  return (
    <>
      <GapStats id={id} report={report} />
      {report.groups.length > 0 && (
        <section aria-labelledby={`${id}-groups`}>
          <h2 id={`${id}-groups`}>Per subset</h2>
          <GapGroupsTable report={report} />
          <PairedCharts
            accuracy={bars.accuracy}
            difference={bars.difference}
            differenceOf="expert − model"
          />
        </section>
      )}
      <section aria-labelledby={`${id}-time`}>
        <h2 id={`${id}-time`}>Accuracy vs time</h2>
        <p>
          Expert: {f2(report.time.humanTotalSeconds)} s active on the paired questions. Model:{' '}
          {report.time.modelTotalSeconds === null
            ? 'no latency recorded'
            : `${f2(report.time.modelTotalSeconds)} s over ${report.time.modelTimed} timed questions`}
          {report.time.modelCached > 0 &&
            `; ${report.time.modelCached} answers from the cache (not timed)`}
          .
        </p>
        <TimeScatter report={report} />
      </section>
      <section aria-labelledby={`${id}-dis`}>
        <h2 id={`${id}-dis`}>Disagreements ({report.disagreements.length})</h2>
        <DisagreementList items={report.disagreements} />
      </section>
      <section aria-labelledby={`${id}-ev`}>
        <h2 id={`${id}-ev`}>Evidence overlap</h2>
        <EvidenceOverlapTable overlap={report.overlap} />
      </section>
    </>
  );
}
