import { useId } from 'react';
import * as styles from './PaymentFlow.css';

export interface PaymentFlowProps {
  /** Accessible name of the diagram (its SVG <title>). */
  title: string;
  /** The three stops of the money, in order: who pays, where it lands, who is paid. */
  source: string;
  bank: string;
  trader: string;
  /** Optional second line under each stop. */
  sourceDetail?: string;
  bankDetail?: string;
  traderDetail?: string;
  /** Words on the two arrows: what moves from one stop to the next. */
  firstArrow: string;
  secondArrow: string;
  /** The visible caption: the diagram said in words, for everyone. */
  children: React.ReactNode;
}

interface Stop {
  label: string;
  detail?: string;
}

// SVG text does not wrap, so there are two drawings of the same flow: a vertical one, readable
// on a 320 px phone, and a horizontal one for wide screens. CSS shows one; `display: none` also
// takes the other out of the accessibility tree, so a screen reader meets the diagram once.
// Coordinates are in each drawing's own viewBox units, with a small margin all round so the
// outer half of each box's stroke is not clipped. Each stop is followed by its outgoing arrow, so
// the text reads in the order the money moves (copy-paste, reader modes).

const BOX = { wide: { w: 300, h: 96, gap: 100 }, narrow: { w: 300, h: 84, gap: 74 } } as const;

function StopBox({ stop, x, y, w, h }: { stop: Stop; x: number; y: number; w: number; h: number }) {
  const cx = x + w / 2;
  const cy = y + h / 2;
  return (
    <g>
      <rect className={styles.box} x={x} y={y} width={w} height={h} rx={12} />
      <text className={styles.label} x={cx} y={stop.detail ? cy - 4 : cy + 6} textAnchor="middle">
        {stop.label}
      </text>
      {stop.detail && (
        <text className={styles.detail} x={cx} y={cy + 20} textAnchor="middle">
          {stop.detail}
        </text>
      )}
    </g>
  );
}

function WideFlow({ titleId, title, stops, arrows }: DrawingProps) {
  const { w, h, gap } = BOX.wide;
  const top = 2;
  const left = 2;
  const mid = top + h / 2;
  const width = 3 * w + 2 * gap + 2 * left;
  return (
    <svg className={styles.wide} role="img" aria-labelledby={titleId} viewBox={`0 0 ${width} ${h + 2 * top}`} focusable="false">
      <title id={titleId}>{title}</title>
      {stops.map((stop, index) => {
        const x = left + index * (w + gap);
        const label = arrows[index];
        const start = x + w + 10;
        const end = start + gap - 20;
        return (
          <g key={stop.label}>
            <StopBox stop={stop} x={x} y={top} w={w} h={h} />
            {label !== undefined && (
              <>
                <path className={styles.arrow} d={`M${start} ${mid} H${end - 2}`} />
                <path className={styles.arrowHead} d={`M${end - 12} ${mid - 8} L${end} ${mid} L${end - 12} ${mid + 8} Z`} />
                <text className={styles.arrowLabel} x={start + (gap - 20) / 2} y={mid - 14} textAnchor="middle">
                  {label}
                </text>
              </>
            )}
          </g>
        );
      })}
    </svg>
  );
}

function NarrowFlow({ titleId, title, stops, arrows }: DrawingProps) {
  const { w, h, gap } = BOX.narrow;
  const left = 2;
  const top = 2;
  const mid = left + w / 2;
  const height = 3 * h + 2 * gap + 2 * top;
  return (
    <svg className={styles.narrow} role="img" aria-labelledby={titleId} viewBox={`0 0 ${w + 2 * left} ${height}`} focusable="false">
      <title id={titleId}>{title}</title>
      {stops.map((stop, index) => {
        const y = top + index * (h + gap);
        const label = arrows[index];
        const start = y + h + 8;
        const end = start + gap - 16;
        return (
          <g key={stop.label}>
            <StopBox stop={stop} x={left} y={y} w={w} h={h} />
            {label !== undefined && (
              <>
                <path className={styles.arrow} d={`M${mid} ${start} V${end - 2}`} />
                <path className={styles.arrowHead} d={`M${mid - 8} ${end - 12} L${mid} ${end} L${mid + 8} ${end - 12} Z`} />
                <text className={styles.arrowLabel} x={mid + 16} y={start + (gap - 16) / 2 + 5}>
                  {label}
                </text>
              </>
            )}
          </g>
        );
      })}
    </svg>
  );
}

interface DrawingProps {
  titleId: string;
  title: string;
  stops: readonly Stop[];
  arrows: readonly string[];
}

/** The route of a payout — propfirm → LLC bank account → trader — as an inline SVG diagram. */
export function PaymentFlow(props: PaymentFlowProps) {
  // useId() may start with an underscore; an id that starts with a letter is valid everywhere.
  const id = `flow${useId()}`;
  const stops: Stop[] = [
    { label: props.source, detail: props.sourceDetail },
    { label: props.bank, detail: props.bankDetail },
    { label: props.trader, detail: props.traderDetail },
  ];
  const arrows = [props.firstArrow, props.secondArrow];
  return (
    <figure className={styles.root}>
      <NarrowFlow titleId={`${id}-narrow`} title={props.title} stops={stops} arrows={arrows} />
      <WideFlow titleId={`${id}-wide`} title={props.title} stops={stops} arrows={arrows} />
      <figcaption className={styles.caption}>{props.children}</figcaption>
    </figure>
  );
}
