import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import type uPlot from 'uplot';
import type { ReleaseHealth } from '@usedcars/shared-contract/telemetry';
import { theme } from '@usedcars/shared-ui';
import { VIEW_STEPS, chartSeries, describeSeries, minuteLabel, viewsRange, windowRange } from './chartData';
import { count } from './formatNumbers';
import { releaseColors } from './releaseColors';
import { useInView } from './useInView';

const HEIGHT = 200;

/**
 * Page views per minute, one line per release in its own colour (the same on every load), rendered
 * by uPlot on a canvas over the whole window. The canvas is hidden from screen readers: the caption
 * says what it shows and the table under it holds the numbers. uPlot's code is loaded and the chart
 * rendered once its box comes near the viewport; until then the box keeps the chart's height, so
 * nothing moves when it is rendered (docs/performance.md, "Nothing moves while it arrives").
 */
export function HealthChart({ remote, since, releases }: { remote: string; since: string; releases: readonly ReleaseHealth[] }) {
  const box = useRef<HTMLDivElement>(null);
  const tableId = useId();
  // A minute per row over up to 7 days: built when someone opens it, not with every chart.
  const [tableOpen, setTableOpen] = useState(false);
  const data = useMemo(() => chartSeries(releases), [releases]);
  const names = useMemo(() => releases.map((release) => release.release), [releases]);
  const colors = useMemo(() => releaseColors(names), [names]);
  // Read again with the numbers (every minute): the axis ends at the moment they were read.
  const xRange = useMemo(() => windowRange(since, data[0], Date.now()), [since, data]);

  const inView = useInView(box);

  useEffect(() => {
    const element = box.current;
    if (!element || !inView) return;
    let rendered: { plot: uPlot; resize: ResizeObserver } | null = null;
    let cancelled = false;
    // The module is evaluated in one task and the chart rendered in the next: one long task was both (docs/performance.md, "The Releases screen").
    const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
    void import('uplot').then(async ({ default: UPlot }) => {
      await nextTask();
      if (cancelled) return;
      const plot = new UPlot(
        {
          width: Math.max(element.clientWidth, 200),
          height: HEIGHT,
          legend: { show: false },
          cursor: { show: false },
          select: { show: false, left: 0, top: 0, width: 0, height: 0 },
          scales: { x: { time: true, range: () => xRange }, y: { range: (_plot, _min, max) => viewsRange(max) } },
          axes: [
            { stroke: theme.color.muted },
            { stroke: theme.color.muted, label: 'Page views / min', incrs: VIEW_STEPS, values: (_plot, splits) => splits.map(count) },
          ],
          series: [
            {},
            ...names.map((name) => ({ label: name, stroke: colors.get(name), width: 2, spanGaps: true, points: { size: 7, fill: colors.get(name) } })),
          ],
        },
        data as uPlot.AlignedData,
        element,
      );
      // The page is as wide as the phone: the chart follows its box, never wider.
      const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
      resize.observe(element);
      rendered = { plot, resize };
    });
    return () => {
      cancelled = true;
      rendered?.resize.disconnect();
      rendered?.plot.destroy();
    };
  }, [inView, data, names, colors, xRange]);

  return (
    <Figure>
      <figcaption>
        {remote}: page views per minute. {describeSeries(releases)}
      </figcaption>
      <Legend aria-hidden="true">
        {names.map((name) => (
          <li key={name}>
            <Swatch data-release={name} style={{ background: colors.get(name) }} />
            {name}
          </li>
        ))}
      </Legend>
      <Plot ref={box} aria-hidden="true" />
      <details onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary>Page views per minute as a table</summary>
        {tableOpen && (
          <Scroller role="region" aria-labelledby={tableId} tabIndex={0}>
            <table>
              <caption id={tableId}>{remote} page views per minute</caption>
              <thead>
                <tr>
                  <th scope="col">Minute</th>
                  {names.map((name) => (
                    <th key={name} scope="col">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data[0].map((second, row) => (
                  <tr key={second}>
                    <th scope="row">{minuteLabel(second)}</th>
                    {names.map((name, column) => (
                      <td key={name}>{data[column + 1]?.[row] ?? '—'}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroller>
        )}
      </details>
    </Figure>
  );
}

const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: 8px;
  min-width: 0;
  figcaption {
    color: ${theme.color.muted};
  }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 14px;
  li {
    overflow-wrap: anywhere;
  }
`;

const Swatch = styled.span`
  display: inline-block;
  width: 12px;
  height: 12px;
  margin-right: 6px;
  border-radius: 2px;
`;

/** The few of uPlot's own styles the chart needs (its stylesheet is not bundled); as high before it is rendered as after. */
const Plot = styled.div`
  height: ${HEIGHT}px;
  width: 100%;
  min-width: 0;
  overflow: hidden;
  .u-wrap {
    position: relative;
    user-select: none;
  }
  .u-over,
  .u-under,
  .u-axis {
    position: absolute;
  }
  .u-under {
    overflow: hidden;
  }
  canvas {
    display: block;
    position: relative;
    width: 100%;
    height: 100%;
  }
`;

const Scroller = styled.div`
  overflow-x: auto;
  max-height: 320px;
  table {
    border-collapse: collapse;
    font-size: 14px;
  }
  th,
  td {
    padding: 4px 10px;
    text-align: right;
    white-space: nowrap;
  }
  caption {
    text-align: left;
    font-weight: 700;
  }
`;
