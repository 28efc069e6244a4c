// Route analysis like Komoot's: the surface, way-type and grade breakdowns, whose bands highlight
// their stretches on the map (hover on desktop; tap, or focus + Enter/Space; Escape or a second tap
// clears), the "Colour by grade" switch with its legend, and the per-km (per-mile) splits.
import { GRADE_CLASSES, routeSplits, type BandKind } from '@waymark/geo';
import { useEffect, useMemo } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { formatDistance, formatDuration, formatElevation, unitMetres } from '@/lib/units';
import { gradeShares } from '../lib/planner-features';
import type { AssembledRoute, Units } from '../lib/types';

/** The band whose stretches the map highlights; `pinned` when tapped (stays until a second tap or Escape). */
export interface BandSelection {
  kind: BandKind;
  key: string;
  pinned: boolean;
}

interface BandProps {
  band: BandSelection | null;
  onBand(b: BandSelection | null): void;
}

const PALETTE = ['#0ea5e9', '#84cc16', '#f59e0b', '#a855f7', '#ef4444', '#14b8a6', '#64748b', '#ec4899'];

/** Escape clears a highlighted band. */
function useEscapeClears({ band, onBand }: BandProps) {
  useEffect(() => {
    if (!band) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onBand(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [band, onBand]);
}

/** One band row: its colour, name, share and distance; hovering or pressing it highlights its stretches. */
function BandRow(p: BandProps & { kind: BandKind; id: string; label: string; color: string; metres: number; total: number; units: Units }) {
  const active = p.band?.kind === p.kind && p.band.key === p.id;
  return (
    <li>
      <button
        type="button"
        aria-pressed={active && p.band!.pinned}
        data-band={`${p.kind}:${p.id}`}
        onMouseEnter={() => {
          if (!p.band?.pinned) p.onBand({ kind: p.kind, key: p.id, pinned: false });
        }}
        onMouseLeave={() => {
          if (!p.band?.pinned) p.onBand(null);
        }}
        onClick={() => p.onBand(active && p.band!.pinned ? null : { kind: p.kind, key: p.id, pinned: true })}
        className={`flex w-full items-center justify-between gap-1 rounded px-1 py-0.5 text-start hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring ${active ? 'bg-accent' : ''}`}
      >
        <span className="inline-flex min-w-0 items-center gap-1">
          <span className="inline-block size-2 shrink-0 rounded-full" style={{ background: p.color }} aria-hidden />
          <span className="truncate">{p.label}</span>
        </span>
        <span className="shrink-0 tabular-nums text-muted-foreground" dir="ltr">
          {Math.round((100 * p.metres) / p.total)}% · {formatDistance(p.metres, p.units)}
        </span>
      </button>
    </li>
  );
}

/** Share of the route per surface / way type, as labelled bars whose rows highlight their stretches. */
export function Breakdown(p: BandProps & { title: string; kind: BandKind; parts: Record<string, number>; units: Units }) {
  useEscapeClears(p);
  const entries = Object.entries(p.parts)
    .filter(([, m]) => m > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((s, [, m]) => s + m, 0);
  if (!total) return null;
  return (
    <section aria-label={p.title} className="space-y-1">
      <h3 className="text-xs font-semibold">{p.title}</h3>
      <div className="flex h-2 overflow-hidden rounded-full" aria-hidden>
        {entries.map(([k, m], i) => (
          <span key={k} style={{ width: `${(100 * m) / total}%`, background: PALETTE[i % PALETTE.length] }} />
        ))}
      </div>
      <ul className="grid grid-cols-2 gap-x-3 text-[11px]">
        {entries.slice(0, 8).map(([k, m], i) => (
          <BandRow key={k} {...p} id={k} label={k.replace(/_/g, ' ')} color={PALETTE[i % PALETTE.length]!} metres={m} total={total} />
        ))}
      </ul>
    </section>
  );
}

/** The grade classes (the legend of "Colour by grade"), each row highlighting its stretches. */
export function GradeBreakdown(
  p: BandProps & { route: AssembledRoute; units: Units; gradeColours: boolean; onGradeColours(on: boolean): void },
) {
  useEscapeClears(p);
  const shares = useMemo(() => gradeShares(p.route), [p.route]);
  const total = Object.values(shares).reduce((a, b) => a + b, 0);
  if (!total) return null;
  return (
    <section aria-label="Grade" className="space-y-1" data-testid="grade-breakdown">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold">Grade</h3>
        <div className="flex items-center gap-1.5">
          <Switch id="planner-grade-colours" checked={p.gradeColours} onCheckedChange={p.onGradeColours} className="scale-90" />
          <Label htmlFor="planner-grade-colours" className="text-[11px] font-normal">
            Colour by grade
          </Label>
        </div>
      </div>
      <div className="flex h-2 overflow-hidden rounded-full" aria-hidden>
        {GRADE_CLASSES.map((c) => (
          <span key={c.id} style={{ width: `${(100 * (shares[c.id] ?? 0)) / total}%`, background: c.color }} />
        ))}
      </div>
      <ul className="grid grid-cols-2 gap-x-3 text-[11px]">
        {GRADE_CLASSES.filter((c) => (shares[c.id] ?? 0) > 0).map((c) => (
          <BandRow key={c.id} {...p} kind="grade" id={c.id} label={c.label} color={c.color} metres={shares[c.id]!} total={total} />
        ))}
      </ul>
    </section>
  );
}

const pct = (g: number) => `${g > 0 ? '+' : g < 0 ? '−' : ''}${Math.abs(Math.round(g * 1000) / 10).toFixed(1)} %`;

/** Per-km (per-mile) splits: time at the flat pace, climb ↑/↓ and grade; the last split labelled with its real length. */
export function SplitsTable({ route, units, paceSecPerKm }: { route: AssembledRoute; units: Units; paceSecPerKm: number }) {
  const step = unitMetres(units);
  const splits = useMemo(() => routeSplits(route, step, paceSecPerKm), [route, step, paceSecPerKm]);
  if (!splits.length) return null;
  return (
    <section aria-labelledby="planner-splits-title" className="space-y-1">
      <h3 id="planner-splits-title" className="text-xs font-semibold">
        Splits per {units}
      </h3>
      <div className="max-h-56 overflow-y-auto rounded-md border">
        <table className="w-full text-[11px] tabular-nums" data-testid="splits-table">
          <thead className="sticky top-0 bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1 text-start font-medium">
                {units}
              </th>
              <th scope="col" className="px-2 py-1 text-end font-medium">
                Time
              </th>
              <th scope="col" className="px-2 py-1 text-end font-medium">
                <span aria-hidden>↑</span>
                <span className="sr-only">Ascent</span>
              </th>
              <th scope="col" className="px-2 py-1 text-end font-medium">
                <span aria-hidden>↓</span>
                <span className="sr-only">Descent</span>
              </th>
              <th scope="col" className="px-2 py-1 text-end font-medium">
                Grade
              </th>
            </tr>
          </thead>
          <tbody>
            {splits.map((s) => {
              const partial = s.lengthM < step - 0.5;
              return (
                <tr key={s.index} className="border-t" data-testid="split-row">
                  <th scope="row" className="px-2 py-0.5 text-start font-medium" dir="ltr">
                    {partial ? `${s.index} (${formatDistance(s.lengthM, units)})` : s.index}
                  </th>
                  <td className="px-2 py-0.5 text-end" dir="ltr">
                    {formatDuration(s.timeS)}
                  </td>
                  <td className="px-2 py-0.5 text-end" dir="ltr">
                    {s.ascentM === null ? '—' : formatElevation(s.ascentM, units)}
                  </td>
                  <td className="px-2 py-0.5 text-end" dir="ltr">
                    {s.descentM === null ? '—' : formatElevation(s.descentM, units)}
                  </td>
                  <td className="px-2 py-0.5 text-end" dir="ltr">
                    {s.grade === null ? '—' : pct(s.grade)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
