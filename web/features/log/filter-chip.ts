// The look of the filter bar's toggles (kinds, "has findings", "hide auto", the "filters" fold-out): pressed or not.
export function chipClass(on: boolean, tone: 'red' | 'blue' = 'blue'): string {
  const pressed = tone === 'red' ? 'border-red-500 bg-red-900/60 text-white' : 'border-blue-500 bg-blue-900/60 text-white';
  return `rounded border px-1.5 text-[11px] leading-5 ${on ? pressed : 'border-edge text-dim hover:text-ink'}`;
}
