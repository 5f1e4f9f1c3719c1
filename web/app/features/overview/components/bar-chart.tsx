import { overviewPage as t } from "../../../lib/messages";

type ChartSeries = { name: string; color: string };
type ChartBar = {
  key: string;
  /** Under the bar (short: "Mar"). */
  label: string;
  /** In the figures table and the bar's tooltip ("March 2026"). */
  title: string;
  /** One value per series, stacked in the series' order. */
  values: number[];
};

type Props = {
  /** What the chart shows, in a sentence: what a screen reader announces for the picture. */
  summary: string;
  /** The heading of the first column of the figures table (Month, Week of). */
  period: string;
  series: ChartSeries[];
  bars: ChartBar[];
  format: (value: number) => string;
  /** Label every n-th bar, where labels would crowd each other. */
  labelEvery?: number;
};

const WIDTH = 480;
const HEIGHT = 220;
const TOP = 22;
const BOTTOM = HEIGHT - 26;

/**
 * A plain SVG bar chart (stacked when there are several series), scaled to its container: a
 * picture with a one-sentence summary for screen readers, and the exact figures in a table below.
 * It lives in this feature so only the Overview's code chunk carries it.
 */
export function BarChart({ summary, period, series, bars, format, labelEvery = 1 }: Props) {
  const sums = bars.map((bar) => bar.values.reduce((sum, value) => sum + Math.max(0, value), 0));
  const lows = bars.map((bar) => bar.values.reduce((sum, value) => sum + Math.min(0, value), 0));
  const low = Math.min(0, ...lows);
  // With nothing above zero, the zero line still sits at the bottom (or above the negative bars).
  const top = Math.max(0, ...sums);
  const high = top > 0 || low < 0 ? top : 1;
  const range = high - low || 1;
  const y = (value: number) => TOP + ((high - value) / range) * (BOTTOM - TOP);
  const slot = WIDTH / Math.max(1, bars.length);
  const barWidth = slot * 0.64;

  return (
    <figure className="mb-0">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="d-block w-100 h-auto"
        style={{ maxHeight: "16rem" }}
      >
        {top > 0 ? (
          <>
            <line
              x1={0}
              x2={WIDTH}
              y1={y(top)}
              y2={y(top)}
              stroke="var(--bs-border-color)"
              strokeDasharray="4 4"
            />
            <text x={2} y={y(top) - 6} fontSize={14} fill="var(--bs-body-color)">
              {format(top)}
            </text>
          </>
        ) : null}
        {low < 0 ? (
          <text x={2} y={y(low) + 16} fontSize={14} fill="var(--bs-body-color)">
            {format(low)}
          </text>
        ) : null}
        {bars.map((bar, index) => {
          const x = index * slot + (slot - barWidth) / 2;
          let above = 0;
          let below = 0;
          return (
            <g key={bar.key}>
              <title>{`${bar.title}: ${bar.values.map(format).join(" + ")}`}</title>
              {bar.values.map((value, part) => {
                const from = value >= 0 ? above : below;
                const to = from + value;
                if (value >= 0) above = to;
                else below = to;
                const top = y(Math.max(from, to));
                const height = Math.abs(y(from) - y(to));
                return (
                  <rect
                    key={series[part]?.name ?? part}
                    x={x}
                    y={top}
                    width={barWidth}
                    height={height}
                    style={{ fill: value < 0 ? "var(--bs-danger)" : series[part]?.color }}
                  />
                );
              })}
              {(bars.length - 1 - index) % labelEvery === 0 ? (
                <text
                  x={index * slot + slot / 2}
                  y={HEIGHT - 6}
                  fontSize={15}
                  textAnchor="middle"
                  fill="var(--bs-body-color)"
                >
                  {bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} stroke="var(--bs-secondary-color)" />
      </svg>
      {series.length > 1 ? (
        <ul className="list-inline small mb-0 mt-2">
          {series.map((each) => (
            <li key={each.name} className="list-inline-item me-3">
              <svg width="12" height="12" aria-hidden="true" className="me-1 align-baseline">
                <rect width="12" height="12" style={{ fill: each.color }} />
              </svg>
              {each.name}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="small mt-2">
        <summary>{t.showFigures}</summary>
        <table className="table table-sm mb-0 mt-2">
          <thead>
            <tr>
              <th scope="col">{period}</th>
              {series.map((each) => (
                <th key={each.name} scope="col" className="text-end">
                  {each.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row" className="fw-normal">
                  {bar.title}
                </th>
                {bar.values.map((value, part) => (
                  <td key={series[part]?.name ?? part} className="text-end">
                    {format(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
