import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { shopDateFormat } from "@/lib/date-format";
import { serverLocale, serverTranslator } from "../i18n/request-intl";
import { adminNumberFormat } from "./time-format";

const WIDTH = 720;
const HEIGHT = 220;
const MARGIN = { top: 10, right: 8, bottom: 28, left: 36 };

/**
 * Failures over time as bars, drawn on the server as SVG (visx's scales and axes): the phone gets
 * a picture and no chart code. It scales to its box through the viewBox; the summary a screen
 * reader hears is the total, the period and the busiest bucket.
 */
export function FailuresChart({ unit, points }: { unit: "hour" | "day"; points: { start: string; count: number }[] }) {
  const t = serverTranslator("admin.siem");
  const locale = serverLocale();
  const label = shopDateFormat(locale, unit === "hour" ? "time" : "dayMonth");
  const long = shopDateFormat(locale, unit === "hour" ? "dateTime" : "date");
  const count = adminNumberFormat(locale);
  const total = points.reduce((sum, p) => sum + p.count, 0);
  const busiest = points.reduce((best, p) => (p.count > (best?.count ?? 0) ? p : best), null as (typeof points)[number] | null);

  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: points.map((p) => p.start), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, Math.max(4, busiest?.count ?? 0)], range: [innerHeight, 0], nice: true });
  // about eight labels along the bottom, whatever the number of bars
  const every = Math.max(1, Math.ceil(points.length / 8));
  const ticks = points.filter((_, i) => i % every === 0).map((p) => p.start);
  const summary =
    points.length === 0
      ? t("chartEmpty")
      : t("chartSummary", {
          total,
          from: long.format(new Date(points[0]!.start)),
          to: long.format(new Date(points[points.length - 1]!.start)),
          busiest: busiest ? long.format(new Date(busiest.start)) : "—",
          busiestCount: busiest?.count ?? 0,
        });

  return (
    <figure className="my-4 max-w-3xl">
      <figcaption className="mb-1 text-sm font-semibold">{unit === "hour" ? t("chartTitleHourly") : t("chartTitleDaily")}</figcaption>
      {/* on a phone the chart keeps a readable size and scrolls sideways */}
      <div className="overflow-x-auto">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full min-w-[34rem]" role="img" aria-label={summary} data-testid="failures-chart">
          <title>{summary}</title>
          <Group left={MARGIN.left} top={MARGIN.top}>
            {points.map((p) => {
              const barHeight = innerHeight - (y(p.count) ?? innerHeight);
              return (
                <Bar
                  key={p.start}
                  x={x(p.start)}
                  y={innerHeight - barHeight}
                  width={x.bandwidth()}
                  height={barHeight}
                  className="fill-red-600 dark:fill-red-400"
                  data-count={p.count}
                />
              );
            })}
            <AxisLeft
              scale={y}
              numTicks={4}
              tickFormat={(v) => count.format(Number(v))}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ fill: "currentColor", fontSize: 11, textAnchor: "end", dx: -4, dy: 3 }}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={ticks}
              tickFormat={(v) => label.format(new Date(v))}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ fill: "currentColor", fontSize: 11, textAnchor: "middle" }}
            />
          </Group>
        </svg>
      </div>
      <p className="text-xs text-[var(--muted-fg)]">{summary}</p>
    </figure>
  );
}
