/** Print a benchmark table: our figure beside the peer's and the ratio. */
export interface Row {
  metric: string;
  ours: number;
  peer: number;
  peerName: string;
  unit: string;
  /** true when a larger number is better (throughput); false for times. */
  higherIsBetter: boolean;
}

export function printTable(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  const data = rows.map((r) => {
    const ratio = r.higherIsBetter ? r.ours / r.peer : r.peer / r.ours;
    return {
      metric: r.metric,
      ours: withUnit(r.ours, r.unit),
      peer: `${withUnit(r.peer, r.unit)} (${r.peerName})`,
      'ours vs peer': `${ratio.toFixed(2)}× ${ratio >= 1 ? 'better' : 'worse'}`,
    };
  });
  console.table(data);
}

const withUnit = (n: number, unit: string) => (unit ? `${fmt(n)} ${unit}` : fmt(n));
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en') : n >= 0.1 ? n.toFixed(2) : String(Number(n.toPrecision(2))));
