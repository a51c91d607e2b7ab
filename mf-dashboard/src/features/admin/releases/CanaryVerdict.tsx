import { useId } from 'react';
import styled from 'styled-components';
import { theme } from '@usedcars/shared-ui';
import { formatWhen } from '../formatWhen';
import type { CanaryAnalysis, CanaryCheck, CanaryNumbers } from '@usedcars/shared-contract';
import { count, ms, percent } from './formatNumbers';

const VERDICT_LABELS = { healthy: 'Healthy', failing: 'Failing', suspect: 'Suspect', undecided: 'Undecided' } as const;
const CHECK_LABELS: Record<CanaryCheck['state'], string> = {
  failing: 'Failing',
  suspect: 'Suspect',
  within: 'Within the margin',
  waiting: 'Waiting for numbers',
  'not judged': 'Not judged',
};

const minutes = (value: number) => `${count(Math.floor(value / 60_000))} min`;

/** "the live release 0.1.0-…", "the baseline set": what the canary is compared with. */
const baselineName = ({ baseline }: CanaryAnalysis) => (baseline.kind === 'live' ? 'Live' : baseline.version ? 'Baseline set' : 'Baseline set (every build)');

/**
 * The canary judged against live (docs/releases.md, "The Releases screen"): the verdict and why,
 * each check it made, what it still waits for, its ramp (held or paused, and why), and the
 * numbers of both side by side.
 */
export function CanaryVerdict({ remote, analysis }: { remote: string; analysis: CanaryAnalysis }) {
  const headingId = useId();
  const { canary, baseline, verdict, reason } = analysis;
  return (
    <Panel aria-labelledby={headingId} data-verdict={verdict}>
      {/* Named for its remote: each remote's canary has one, and a screen reader lists them apart. */}
      <h3 id={headingId}>{remote}: canary verdict</h3>
      <Line>
        <strong>{VERDICT_LABELS[verdict] ?? verdict}</strong>
        {reason && <>: {reason}</>}
      </Line>
      <Against>
        Canary <code>{canary.version}</code> ({canary.share} % of visitors since {formatWhen(canary.since)}) against{' '}
        {baseline.kind === 'live' ? 'the live release' : 'the baseline set'}
        {baseline.version && (
          <>
            {' '}
            <code>{baseline.version}</code>
          </>
        )}
        .
      </Against>
      {verdict === 'suspect' && (
        <Line>
          Its visitors' errors are past the margin, but from too few networks for the site to act on by itself: roll it back, promote it or change its share
          below. {analysis.suspectSince && <>The admins were told {formatWhen(analysis.suspectSince)}.</>}
        </Line>
      )}
      {(verdict === 'undecided' || verdict === 'suspect') && <Progress analysis={analysis} />}
      <Checks aria-label="What was judged">
        {analysis.checks.map((check) => (
          <li key={check.check} data-state={check.state}>
            <strong>{CHECK_LABELS[check.state]}:</strong> {check.text}
          </li>
        ))}
      </Checks>
      {analysis.ramp && <Ramp ramp={analysis.ramp} />}
      <SideBySide remote={remote} analysis={analysis} />
    </Panel>
  );
}

function Progress({ analysis: { progress } }: { analysis: CanaryAnalysis }) {
  const parts = [
    { label: 'Networks', value: progress.networks, of: progress.minNetworks, text: `${count(progress.networks)} of ${count(progress.minNetworks)}` },
    { label: 'Page views', value: 0, of: 0, text: count(progress.views) },
    { label: 'Renders', value: 0, of: 0, text: count(progress.renders) },
    { label: 'Age', value: progress.ageMs, of: progress.minAgeMs, text: `${minutes(progress.ageMs)} of ${minutes(progress.minAgeMs)}` },
  ];
  return (
    <Bars>
      {parts.map((part) => (
        <div key={part.label}>
          <dt>{part.label}</dt>
          <dd>
            {part.text}
            {part.of > 0 && (
              <Bar aria-hidden="true">
                <span style={{ width: `${Math.min(100, (100 * part.value) / part.of)}%` }} />
              </Bar>
            )}
          </dd>
        </div>
      ))}
    </Bars>
  );
}

/** What the ramp does next, never a time already past: a step that is due and held says why. */
function rampNext(ramp: NonNullable<CanaryAnalysis['ramp']>, next: number | undefined): string {
  if (!ramp.nextAt || next === undefined) return 'No further step is due.';
  const to = next >= 100 ? 'promoted to everyone' : `${next} % of visitors`;
  if (ramp.held === 'suspect') return `Paused while the canary is suspect: no step to ${to} until a person decides or the numbers clear it.`;
  if (ramp.held === 'undecided') return `Next: ${to} as soon as it is healthy (due since ${formatWhen(ramp.nextAt)}).`;
  return `Next: ${to} at ${formatWhen(ramp.nextAt)}, if still healthy.`;
}

function Ramp({ ramp }: { ramp: NonNullable<CanaryAnalysis['ramp']> }) {
  const next = ramp.steps[ramp.step + 1];
  return (
    <RampBox>
      <span>Ramp, a step every {minutes(ramp.everyMs)}:</span>
      <Steps aria-label="Ramp steps">
        {ramp.steps.map((share, index) => (
          <li key={share} aria-current={index === ramp.step ? 'step' : undefined}>
            {share} %
          </li>
        ))}
      </Steps>
      <span>{rampNext(ramp, next)}</span>
    </RampBox>
  );
}

const ROWS: Array<{ label: string; value: (numbers: CanaryNumbers) => string }> = [
  { label: 'Page views', value: (numbers) => `${count(numbers.pageViews)} from ${count(numbers.networks)} networks` },
  { label: 'Error rate', value: (numbers) => `${percent(numbers.errorRate)} (${count(numbers.errors)}, from ${count(numbers.errorNetworks)} networks)` },
  { label: 'Render failures', value: (numbers) => `${percent(numbers.renderFailureRate)} (${count(numbers.renderFailures)} of ${count(numbers.renders)})` },
  { label: 'Busy-machine fallbacks', value: (numbers) => `${percent(numbers.busyFallbackRate)} (${count(numbers.busyFallbacks)})` },
  { label: 'p75 LCP', value: (numbers) => ms(numbers.lcpP75) },
  { label: 'p75 INP', value: (numbers) => ms(numbers.inpP75) },
];

function SideBySide({ remote, analysis }: { remote: string; analysis: CanaryAnalysis }) {
  return (
    <Numbers>
      <caption>
        {remote}: canary against {baselineName(analysis).toLowerCase()}, since the canary started
      </caption>
      <thead>
        <tr>
          <td />
          <th scope="col">Canary</th>
          <th scope="col">{baselineName(analysis)}</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.value(analysis.numbers.canary)}</td>
            <td>{row.value(analysis.numbers.baseline)}</td>
          </tr>
        ))}
      </tbody>
    </Numbers>
  );
}

/** A dark amber: 4.5:1 and more on white and on the panel's tint. */
const SUSPECT = '#8a5300';

const Panel = styled.section`
  display: grid;
  gap: 10px;
  min-width: 0;
  padding: 12px 16px;
  border: 1px solid ${theme.color.line};
  border-left: 4px solid ${theme.color.muted};
  border-radius: ${theme.radius};
  &[data-verdict='healthy'] {
    border-left-color: ${theme.color.success};
  }
  &[data-verdict='failing'] {
    border-left-color: ${theme.color.danger};
    background: #fff8f8;
  }
  &[data-verdict='suspect'] {
    border-left-color: ${SUSPECT};
    background: #fffaf0;
  }
  h3 {
    margin: 0;
    font-size: 16px;
  }
`;

const Line = styled.p`
  margin: 0;
  font-size: 17px;
  overflow-wrap: anywhere;
  [data-verdict='healthy'] & strong {
    color: ${theme.color.success};
  }
  [data-verdict='failing'] & strong {
    color: ${theme.color.danger};
  }
  [data-verdict='suspect'] & strong {
    color: ${SUSPECT};
  }
`;

const Checks = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0;
  padding-left: 20px;
  overflow-wrap: anywhere;
  li[data-state='failing'] strong {
    color: ${theme.color.danger};
  }
  li[data-state='suspect'] strong {
    color: ${SUSPECT};
  }
  li[data-state='within'] strong {
    color: ${theme.color.success};
  }
`;

const Against = styled.p`
  margin: 0;
  color: ${theme.color.muted};
  overflow-wrap: anywhere;
`;

const Bars = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: 8px 16px;
  margin: 0;
  dt {
    font-size: 13px;
    color: ${theme.color.muted};
  }
  dd {
    margin: 0;
  }
`;

const Bar = styled.span`
  display: block;
  height: 6px;
  margin-top: 4px;
  border-radius: 3px;
  background: ${theme.color.line};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: ${theme.color.focus};
  }
`;

const RampBox = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
`;

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 1px 8px;
    border: 1px solid ${theme.color.line};
    border-radius: 999px;
    font-size: 14px;
  }
  li[aria-current='step'] {
    border-color: ${theme.color.ink};
    background: ${theme.color.ink};
    color: #fff;
    font-weight: 700;
  }
`;

const Numbers = styled.table`
  justify-self: start;
  min-width: min(100%, 440px);
  border-collapse: collapse;
  font-size: 14px;
  caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: 4px;
  }
  th,
  td {
    padding: 4px 10px 4px 0;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${theme.color.line};
  }
  thead th {
    color: ${theme.color.muted};
    font-weight: 600;
  }
  tbody th {
    font-weight: 600;
  }
`;
